/// Errors that ``DemoServer/start(host:port:liveStep:)`` throws besides those of the network stack
/// (such as the address being in use).
public enum DemoServerError: Error, Equatable, Sendable {
    /// The server stopped before it reported a listening port.
    case didNotStart
}
