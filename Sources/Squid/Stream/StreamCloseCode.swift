import HTTPCore

/// The code (and reason) a WebSocket stream was closed with, carried by
/// ``Squid/Error/closedStream(code:)``.
///
/// The named codes are those of RFC 6455 under the names of Foundation's
/// `URLSessionWebSocketTask.CloseCode`, so `case .closedStream(code: .goingAway)` reads as it
/// did; applications use 4000–4999, which compare by number: `StreamCloseCode(rawValue: 4000)`.
/// Two codes are equal when their numbers are; ``reason`` is extra text from the peer and takes
/// no part in comparisons.
public struct StreamCloseCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The close code number.
    public let rawValue: Int
    /// The reason text of the close frame, if the peer sent one.
    public let reason: String?
    /// Who closed the stream: the peer, or this side (``Stream/close(code:)``), or nobody cleanly
    /// (the connection dropped). Takes no part in comparisons.
    var closedBy: Closer = .peer

    /// Who closed a stream.
    enum Closer: Sendable {
        /// The peer sent the close frame.
        case peer
        /// ``Stream/close(code:)`` was called.
        case local
        /// The connection ended without a close frame.
        case nobody
    }

    /// A code without a reason.
    public init(rawValue: Int) {
        self.init(rawValue: rawValue, reason: nil)
    }

    /// A code with the peer's reason.
    public init(rawValue: Int, reason: String?) {
        self.rawValue = rawValue
        self.reason = reason
    }

    /// 1000: the purpose of the connection was fulfilled.
    public static let normalClosure = StreamCloseCode(rawValue: 1000)
    /// 1001: the peer is going away (server shutdown, page left).
    public static let goingAway = StreamCloseCode(rawValue: 1001)
    /// 1002: the peer saw a protocol error.
    public static let protocolError = StreamCloseCode(rawValue: 1002)
    /// 1003: the peer cannot take a message of that kind.
    public static let unsupportedData = StreamCloseCode(rawValue: 1003)
    /// 1005: the close frame had no code.
    public static let noStatusReceived = StreamCloseCode(rawValue: 1005)
    /// 1006: the connection ended without a close frame (dropped, or a ping went unanswered).
    public static let abnormalClosure = StreamCloseCode(rawValue: 1006)
    /// 1007: a message's content did not match its kind (text that is not UTF-8).
    public static let invalidFramePayloadData = StreamCloseCode(rawValue: 1007)
    /// 1008: a message broke the peer's policy.
    public static let policyViolation = StreamCloseCode(rawValue: 1008)
    /// 1009: a message was too big.
    public static let messageTooBig = StreamCloseCode(rawValue: 1009)
    /// 1010: the client needed an extension the server did not agree to.
    public static let mandatoryExtensionMissing = StreamCloseCode(rawValue: 1010)
    /// 1011: the server hit an unexpected condition.
    public static let internalServerError = StreamCloseCode(rawValue: 1011)
    /// 1015: the TLS handshake failed.
    public static let tlsHandshakeFailure = StreamCloseCode(rawValue: 1015)

    /// Equal when the numbers are.
    public static func == (lhs: StreamCloseCode, rhs: StreamCloseCode) -> Bool {
        lhs.rawValue == rhs.rawValue
    }

    /// Hashes the number.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }

    /// The number, its RFC 6455 name when it has one, and the reason: `4000 (bye)`,
    /// `1001 going away`.
    public var description: String {
        var text = String(rawValue)
        if let name = WebSocketClosure.name(ofCode: rawValue) {
            text += " \(name)"
        }
        if let reason, !reason.isEmpty {
            text += " (\(reason))"
        }
        return text
    }
}
