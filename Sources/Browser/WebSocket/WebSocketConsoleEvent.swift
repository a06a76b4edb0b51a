/// What the WebSocket controller reports to the browser about a console's connection.
public enum WebSocketConsoleEvent: Sendable, Equatable {
    /// The opening handshake succeeded.
    case opened
    /// A message was received, or one typed was sent.
    case message(WebSocketMessage)
    /// The connection closed after it had opened (``WebSocketClosure/summary`` of how).
    case closed(String)
    /// The connection could not be made or broke (the failure's sentence).
    case failed(String)
    /// A typed message could not be sent (why).
    case sendFailed(String)
}
