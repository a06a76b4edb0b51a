import Hummingbird

/// The user collection: `GET`/`POST /users`, `GET`/`PUT`/`PATCH`/`DELETE /users/{id}` and
/// `GET /users/{id}/posts`.
struct UserRoutes {
    /// The data the routes read and write.
    let store: DemoStore

    /// Adds the routes to `router`.
    func register(on router: Router<BasicRequestContext>) {
        let store = self.store
        router.get("users") { request, _ in
            try ResponseBuilder.json(JSONValue.array(store.users().map(\.summaryJSON)), for: request)
        }
        router.post("users") { request, _ in
            let user = store.createUser(try UserFields(json: try await RequestBodyReader.json(of: request)))
            return try ResponseBuilder.json(user.json, status: .created, headers: [.location: user.path], for: request)
        }
        router.get("users/:id") { request, context in
            let id = try Self.userId(context)
            guard let user = store.user(id: id) else { throw Self.notFound(id) }
            return try ResponseBuilder.json(user.json, for: request)
        }
        router.put("users/:id") { request, context in
            let id = try Self.userId(context)
            let fields = try UserFields(json: try await RequestBodyReader.json(of: request))
            guard let user = store.replaceUser(id: id, with: fields) else { throw Self.notFound(id) }
            return try ResponseBuilder.json(user.json, for: request)
        }
        router.patch("users/:id") { request, context in
            let id = try Self.userId(context)
            let fields = try UserFields(json: try await RequestBodyReader.json(of: request))
            guard let user = store.updateUser(id: id, with: fields) else { throw Self.notFound(id) }
            return try ResponseBuilder.json(user.json, for: request)
        }
        router.delete("users/:id") { _, context in
            let id = try Self.userId(context)
            guard store.deleteUser(id: id) else { throw Self.notFound(id) }
            return ResponseBuilder.bodiless(status: .noContent)
        }
        router.get("users/:id/posts") { request, context in
            let id = try Self.userId(context)
            guard let posts = store.posts(ofUser: id) else { throw Self.notFound(id) }
            return try ResponseBuilder.json(JSONValue.array(posts.map(\.summaryJSON)), for: request)
        }
    }

    private static func userId(_ context: BasicRequestContext) throws -> Int {
        let text = context.parameters.get("id") ?? ""
        guard let id = Int(text) else {
            throw APIError(.notFound, "There is no user with id \"\(text)\".")
        }
        return id
    }

    private static func notFound(_ id: Int) -> APIError {
        APIError(.notFound, "There is no user with id \(id).")
    }
}
