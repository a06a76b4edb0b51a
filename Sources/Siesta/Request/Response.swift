/// The outcome of a request: an entity on success, a ``RequestError`` on failure.
public enum Response {
    /// The request succeeded with this entity.
    case success(Entity<Any>)
    /// The request failed with this error.
    case failure(RequestError)

    /// True if this is a failure caused by cancellation.
    public var isCancellation: Bool {
        if case .failure(let error) = self {
            return error.cause is RequestError.Cause.RequestCancelled
        }
        return false
    }
}

extension Response: Sendable {}

extension Response: CustomStringConvertible {
    /// `success(application/json)` or `failure(Not found)`.
    public var description: String {
        switch self {
        case .success(let entity): return "success(\(entity.contentType))"
        case .failure(let error): return "failure(\(error.userMessage))"
        }
    }
}
