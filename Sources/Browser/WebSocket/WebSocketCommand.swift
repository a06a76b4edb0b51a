/// What the browser asks of the WebSocket controller. Each console has a generation number, so
/// news of a connection that was replaced (reconnected, left) is told apart and dropped.
public enum WebSocketCommand: Sendable, Equatable {
    /// Connect to `url` (ending any connection before), reporting as `generation`.
    case connect(url: String, generation: Int)
    /// Send `text` as one text message on the connection of `generation`.
    case send(String, generation: Int)
    /// Ask the server to close with 1000 (normal closure).
    case close(generation: Int)
    /// End the connection at once (the console was left).
    case disconnect
}
