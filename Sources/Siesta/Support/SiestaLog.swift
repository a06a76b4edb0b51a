import Logging
import NIOConcurrencyHelpers
import Safety

/// Siesta's diagnostic log, by category. Everything is off by default.
///
/// ```swift
/// SiestaLog.enabledCategories = [.network, .stateChanges]
/// ```
///
/// Messages go to a swift-log `Logger` labelled `Siesta` at debug level, so server apps can
/// route them with their logging backend; replace ``messageHandler`` to send them elsewhere.
/// Header values of `Authorization`, `Cookie` and API-key headers are never logged, and
/// secret-looking query parameters in URLs are masked.
public enum SiestaLog {
    /// The kinds of messages Siesta can log.
    public enum Category: String, CaseIterable, Sendable {
        /// Requests sent and responses received.
        case network
        /// Transformer activity.
        case pipeline
        /// Resource events as observers see them.
        case stateChanges
        /// Observers added and removed.
        case observers
        /// Staleness decisions of `loadIfNeeded()`.
        case staleness
        /// Persistent cache reads and writes.
        case cache
        /// Configuration computation.
        case configuration
    }

    /// Receives each enabled message with its category.
    public typealias MessageHandler = @Sendable (Category, String) -> Void

    private struct State {
        var enabled: Set<Category> = []
        var handler: MessageHandler = { category, message in
            SiestaLog.logger.debug("[\(category.rawValue)] \(message)")
        }
    }

    private static let state = NIOLockedValueBox(State())
    private static let logger = Logger(label: "Siesta")

    /// The categories that are logged; empty by default.
    public static var enabledCategories: Set<Category> {
        get { state.withLockedValue { $0.enabled } }
        set { state.withLockedValue { $0.enabled = newValue } }
    }

    /// Where messages go; a swift-log `Logger` labelled `Siesta` by default.
    public static var messageHandler: MessageHandler {
        get { state.withLockedValue { $0.handler } }
        set { state.withLockedValue { $0.handler = newValue } }
    }

    /// Logs a message if its category is enabled; the message is built only then.
    static func log(_ category: Category, _ message: @autoclosure () -> String) {
        let handler: MessageHandler? = state.withLockedValue { $0.enabled.contains(category) ? $0.handler : nil }
        guard let handler else { return }
        handler(category, SecretMasker.maskQuerySecrets(in: message()))
    }
}
