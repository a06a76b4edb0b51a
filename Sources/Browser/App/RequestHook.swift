/// The request hooks the browser attaches to every request it sends.
public enum RequestHook: String, Sendable, Equatable, CaseIterable {
    /// `onSuccess`: the request succeeded with new data.
    case onSuccess
    /// `onNotModified`: the server answered 304.
    case onNotModified
    /// `onFailure`: the request failed.
    case onFailure

    /// True for the hooks that report success.
    public var succeeded: Bool { self != .onFailure }
}
