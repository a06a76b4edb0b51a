import Safety

/// How a WebSocket connection ended.
package struct WebSocketClosure: Sendable, Hashable {
    /// Who ended the connection.
    package enum Initiator: Sendable, Hashable {
        /// The peer sent a close frame.
        case peer
        /// This side asked to close (``WebSocketConnection/close(code:reason:)``).
        case client
        /// Nobody closed it cleanly: the connection dropped or a ping went unanswered.
        case none
    }

    /// The close code the peer sent (1000 normal, 1001 going away, 4000–4999 for applications),
    /// or 1006 when the connection ended without a close frame.
    package var code: Int
    /// The reason text of the close frame; nil when there was none.
    package var reason: String?
    /// Who ended the connection.
    package var initiator: Initiator

    /// Creates a closure description.
    package init(code: Int, reason: String?, initiator: Initiator) {
        self.code = code
        self.reason = reason
        self.initiator = initiator
    }

    /// The code that stands for "ended without a close frame" (RFC 6455 §7.4.1).
    package static let abnormalCode = 1006

    /// The standard name of ``code`` ("normal closure", "going away", …), or nil for a code
    /// RFC 6455 does not name (applications use 4000–4999).
    package var codeName: String? {
        Self.name(ofCode: code)
    }

    /// The RFC 6455 name of a close code, or nil for a code it does not name.
    package static func name(ofCode code: Int) -> String? {
        switch code {
        case 1000: "normal closure"
        case 1001: "going away"
        case 1002: "protocol error"
        case 1003: "unsupported data"
        case 1005: "no status received"
        case 1006: "abnormal closure"
        case 1007: "invalid payload data"
        case 1008: "policy violation"
        case 1009: "message too big"
        case 1010: "mandatory extension missing"
        case 1011: "internal server error"
        case 1015: "TLS handshake failure"
        default: nil
        }
    }

    /// Whether a close frame may carry `code`: 1000–1003 and 1007–1014 from RFC 6455, 3000–3999
    /// registered, 4000–4999 private. The others are reserved or only ever reported.
    package static func isSendable(_ code: Int) -> Bool {
        (1000...1003).contains(code) || (1007...1014).contains(code) || (3000...4999).contains(code)
    }

    /// A sentence for people: who closed, the code with its name, and the reason.
    /// "Closed by the server: 4000 (bye)", "Closed: 1000 normal closure".
    package var summary: String {
        var text: String
        switch initiator {
        case .peer: text = "Closed by the server: \(code)"
        case .client: text = "Closed: \(code)"
        case .none: text = "Connection lost: \(code)"
        }
        if let codeName {
            text += " \(codeName)"
        }
        if let reason, !reason.isEmpty {
            text += " (\(UnsafeText.clean(reason)))"
        }
        return text
    }
}
