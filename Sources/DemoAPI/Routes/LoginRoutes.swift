import Hummingbird

/// A bearer-token login to chain requests with: log in, capture the token, use it.
///
/// - `POST /login` with `{"username": "…", "password": "…"}`: any non-empty username with the
///   password `secret` gets `200` and `{"token", "tokenType": "Bearer", "expiresIn": 3600}`, a
///   new random opaque token each time (it does not really expire while the server runs); a
///   wrong password is `401`, a body without a username `400`.
/// - `GET /me` with `Authorization: Bearer <token>`: `{"username", "logins"}`, where `logins`
///   counts that user's successful logins so far; without a token the server gave out, `401`
///   with `WWW-Authenticate: Bearer`.
/// - `GET /logins`: `{"count": N}`, every successful login so far, to check that a login ran
///   exactly once.
struct LoginRoutes {
    /// The one password that works, whatever the username.
    static let password = "secret"
    /// The `expiresIn` of every token, in seconds.
    static let expiresIn = 3600

    /// Where logins and tokens are kept.
    let store: DemoStore

    /// Adds the routes to `router`.
    func register(on router: Router<BasicRequestContext>) {
        let store = self.store
        router.post("login") { request, _ in
            let fields = try FieldReader(json: try await RequestBodyReader.json(of: request))
            guard let username = try fields.string("username"), !username.isEmpty else {
                throw APIError(.badRequest, "The field \"username\" is required: a non-empty string.")
            }
            guard try fields.string("password") == Self.password else {
                throw APIError(.unauthorized, "Wrong username or password.", headers: [.wwwAuthenticate: "Bearer"])
            }
            let token = store.logIn(username: username)
            let body = JSONValue.object([
                "token": .string(token), "tokenType": .string("Bearer"), "expiresIn": .int(Self.expiresIn),
            ])
            return try ResponseBuilder.json(body, headers: [.cacheControl: "no-store"], for: request)
        }
        router.get("me") { request, _ in
            guard let token = TestRoutes.bearerToken(request.headers[.authorization]) else {
                throw APIError(
                    .unauthorized,
                    "This route needs an \"Authorization: Bearer <token>\" header with a token from POST /login.",
                    headers: [.wwwAuthenticate: "Bearer"]
                )
            }
            guard let session = store.session(token: token) else {
                throw APIError(
                    .unauthorized, "The token is not one POST /login gave out; log in again.",
                    headers: [.wwwAuthenticate: "Bearer"])
            }
            let body = JSONValue.object(["username": .string(session.username), "logins": .int(session.logins)])
            return try ResponseBuilder.json(body, headers: LiveRoutes.noCache, for: request)
        }
        router.get("logins") { request, _ in
            try ResponseBuilder.json(
                JSONValue.object(["count": .int(store.loginCount())]), headers: LiveRoutes.noCache, for: request)
        }
    }
}
