import Foundation

/// A request for a WebSocket stream: where to connect, what the client sends (``Message``) and
/// what each message from the peer becomes (``Result``).
///
/// Schedule it with ``schedule(with:)`` to get a ``Stream``: a publisher of every message the
/// peer sends, which also sends messages with ``Stream/send(_:)``.
///
/// ```swift
/// struct Chat: StreamRequest {
///     typealias Message = String
///     typealias Result = String
///     var routes: HttpRoute { ["chat"] }
/// }
/// let stream = Chat().schedule(with: MyApi())
/// let c = stream.ignoreError().ignoreResultErrors().sink { print($0) }
/// _ = stream.send("hello")
/// ```
///
/// The URL is the service's ``HttpService/apiUrl`` (which may be `ws://` or `wss://`; `http`
/// becomes `ws` and `https` becomes `wss`) + ``NetworkRequest/routes`` + ``NetworkRequest/query``.
/// The opening request carries the service's ``HttpService/header`` and the request's
/// ``NetworkRequest/header``. Retriers are not used; the service's ``HttpService/process(_:)``
/// is called when the stream fails.
///
/// `encode` and `decode` may be written with ``StreamMessage`` or with Foundation's
/// `URLSessionWebSocketTask.Message` (``WireMessage`` follows the signature). Defaults exist
/// for `Message` `Void` (sending throws), `Data` and `String`, and for `Result` `Void`, `Data` and
/// `String`.
public protocol StreamRequest: NetworkRequest {

    /// What the client sends; `Void` (the default) for a stream that only receives.
    associatedtype Message = Void

    /// What each message of the peer is decoded into.
    associatedtype Result: Sendable

    /// The message type `encode` and `decode` work with: ``StreamMessage`` by default, or
    /// `URLSessionWebSocketTask.Message`.
    associatedtype WireMessage: StreamMessageConvertible = StreamMessage

    /// Turns a message of the client into a WebSocket message. Throwing fails that send with
    /// ``Squid/Error/encodingFailed(message:)`` (a ``Squid/Error`` thrown is kept).
    func encode(_ message: Message) throws -> WireMessage

    /// Turns a message of the peer into a result. Throwing delivers a `.failure` for that
    /// message (``Squid/Error/decodingFailed(_:url:)``, or the ``Squid/Error`` thrown) and the
    /// stream goes on.
    func decode(_ message: WireMessage) throws -> Result
}

extension StreamRequest {

    /// Schedules the stream against `service` and returns it. Nothing connects until the first
    /// subscriber subscribes; see ``Stream``.
    public func schedule<Service: HttpService>(with service: Service) -> Stream<Self> {
        Stream(request: self, service: service)
    }
}

extension StreamRequest where Message == Void {

    /// Always throws: a stream whose `Message` is `Void` sends nothing.
    public func encode(_ message: Message) throws -> WireMessage {
        throw Squid.Error.encodingFailed(message: "this stream only receives: its Message type is Void")
    }
}

extension StreamRequest where Message == Data {

    /// A binary message with the bytes.
    public func encode(_ message: Message) throws -> WireMessage {
        WireMessage(streamMessage: .data(message))
    }
}

extension StreamRequest where Message == String {

    /// A text message with the string.
    public func encode(_ message: Message) throws -> WireMessage {
        WireMessage(streamMessage: .string(message))
    }
}

extension StreamRequest where Result == Void {

    /// Ignores the message.
    public func decode(_ message: WireMessage) throws {}
}

extension StreamRequest where Result == Data {

    /// The bytes of a binary message; a text message throws `DecodingError.typeMismatch`.
    public func decode(_ message: WireMessage) throws -> Data {
        guard case .data(let data) = message.streamMessage else {
            throw StreamDecoding.mismatch(expected: Data.self, got: message)
        }
        return data
    }
}

extension StreamRequest where Result == String {

    /// The text of a text message; a binary message throws `DecodingError.typeMismatch`.
    public func decode(_ message: WireMessage) throws -> String {
        guard case .string(let text) = message.streamMessage else {
            throw StreamDecoding.mismatch(expected: String.self, got: message)
        }
        return text
    }
}
