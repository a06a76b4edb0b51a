/// What a ``WebSocketConnection`` reports, in order: ``opened`` once, any number of
/// ``received(_:)``, then exactly one of ``closed(_:)`` or ``failed(_:)``.
package enum WebSocketEvent: Sendable {
    /// The opening handshake succeeded; messages can be sent.
    case opened
    /// The peer sent a whole message.
    case received(WebSocketPayload)
    /// The connection ended after it had opened.
    case closed(WebSocketClosure)
    /// The connection could not be made, or broke in a way that is not a close (the
    /// handshake was refused, TLS failed, the peer broke the protocol).
    case failed(WebSocketFailure)
}
