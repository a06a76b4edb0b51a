/// Why a request cannot be sent yet: nothing is sent when this is thrown.
public enum RequestPreparationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Placeholders without a value, in the request or the auth settings; all are listed.
    case unresolved(UnresolvedVariablesError)
    /// Basic auth has no password: ask for it without echo, then call
    /// ``Environment/prepare(_:processEnvironment:password:)`` again with it.
    case passwordNeeded(username: String, environment: String)
    /// The auth settings cannot be applied (a username with `:`, a bad header name, …).
    case invalidAuth(AuthError)

    /// The message for people, one sentence.
    public var message: String {
        switch self {
        case .unresolved(let error): return error.message
        case .passwordNeeded(let username, let environment):
            return "The password for \(username) (Basic auth of environment \(environment)) is needed."
        case .invalidAuth(let error): return error.message
        }
    }

    /// Same as ``message``.
    public var description: String { message }
}
