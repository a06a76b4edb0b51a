import Foundation
import NIOConcurrencyHelpers

extension Squid {

    /// Writes one line per request attempt and per outcome to standard error, for debugging, each
    /// starting with `[Squid @ <Unix time>]`.
    ///
    /// Logging is off unless the environment variable `SQUID_LOG` is `1`, `true` or `yes` when the
    /// first request is logged. ``silence(_:)`` turns it off for the whole process and lifts that
    /// again; it never turns logging on without `SQUID_LOG`. Lines show the method, the URL, the
    /// header with secret values masked (``HttpHeader/description``), the status and body size, or
    /// the error. Safe to use from any thread.
    public struct Logger: Sendable {

        private static let silenced = NIOLockedValueBox(false)

        private static let requested: Bool = {
            let value = ProcessInfo.processInfo.environment["SQUID_LOG"]?.lowercased() ?? ""
            return ["1", "true", "yes"].contains(value)
        }()

        private static let counter = NIOLockedValueBox(0)

        /// Silences (`true`) or un-silences (`false`) the library's log for the whole process.
        ///
        /// - Parameter doSilence: Whether to stop writing log lines.
        public static func silence(_ doSilence: Bool) {
            silenced.withLockedValue { $0 = doSilence }
        }

        /// Whether log lines are written now: `SQUID_LOG` asks for them and the log is not
        /// silenced.
        public static var isEnabled: Bool {
            requested && !silenced.withLockedValue { $0 }
        }

        /// A new number identifying one scheduled request in the log.
        static func nextIdentifier() -> Int {
            counter.withLockedValue { count in
                count += 1
                return count
            }
        }

        /// Writes `text()` as one line if logging is enabled.
        static func log(_ text: @autoclosure () -> String) {
            guard isEnabled else {
                return
            }
            let time = String(format: "%.3f", Date().timeIntervalSince1970)
            let line = "[Squid @ \(time)] \(text())\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
    }
}
