import Foundation

/// A retrier that waits longer and longer between attempts (exponential backoff) for failures that
/// are likely to pass.
///
/// After the n-th failed attempt (n = 1, 2, …) it waits `initialDelay × multiplierⁿ⁻¹` seconds,
/// capped at `maximumDelay`, and gives up after `maximumRetries` retries. When the failed
/// response carries a `Retry-After` header (seconds or an HTTP date), that wait is used instead,
/// also capped at `maximumDelay`. Which failures are retried is decided by `retryCondition`,
/// ``defaultRetryCondition(_:)`` by default.
///
/// ```swift
/// var retrierFactory: RetrierFactory { BackoffRetrier.factory(maximumRetries: 3) }
/// ```
public final class BackoffRetrier: Retrier {

    /// The time to wait before the first retry, in seconds.
    public let initialDelay: TimeInterval

    /// The factor the delay grows by after each retry.
    public let multiplier: Double

    /// The longest single wait, in seconds (also caps `Retry-After`).
    public let maximumDelay: TimeInterval

    /// How many retries are made at most for one request.
    public let maximumRetries: Int

    private let retryCondition: @Sendable (Squid.Error) -> Bool
    private var retries = 0

    /// Creates a retrier; see ``factory(initialDelay:multiplier:maximumDelay:maximumRetries:retryCondition:)``
    /// for the parameters.
    public init(
        initialDelay: TimeInterval = 1,
        multiplier: Double = 2,
        maximumDelay: TimeInterval = 60,
        maximumRetries: Int = 5,
        retryCondition: @escaping @Sendable (Squid.Error) -> Bool = BackoffRetrier.defaultRetryCondition
    ) {
        self.initialDelay = max(0, initialDelay)
        self.multiplier = max(1, multiplier)
        self.maximumDelay = max(0, maximumDelay)
        self.maximumRetries = max(0, maximumRetries)
        self.retryCondition = retryCondition
    }

    /// A factory giving every failing request its own backoff retrier.
    ///
    /// - Parameters:
    ///   - initialDelay: Seconds to wait before the first retry (1 by default).
    ///   - multiplier: Growth factor of the delay (2 by default; values below 1 count as 1).
    ///   - maximumDelay: Cap of a single wait in seconds, including `Retry-After` (60 by default).
    ///   - maximumRetries: Retries per request at most (5 by default).
    ///   - retryCondition: Which errors are worth a retry (``defaultRetryCondition(_:)``).
    public static func factory(
        initialDelay: TimeInterval = 1,
        multiplier: Double = 2,
        maximumDelay: TimeInterval = 60,
        maximumRetries: Int = 5,
        retryCondition: @escaping @Sendable (Squid.Error) -> Bool = BackoffRetrier.defaultRetryCondition
    ) -> RetrierFactory {
        AnyRetrierFactory {
            BackoffRetrier(
                initialDelay: initialDelay,
                multiplier: multiplier,
                maximumDelay: maximumDelay,
                maximumRetries: maximumRetries,
                retryCondition: retryCondition
            )
        }
    }

    /// Retries connection failures (``Squid/Error/noConnection(url:reason:)``), timeouts, status
    /// 429 (Too Many Requests) and 503 (Service Unavailable). Everything else — other statuses,
    /// invalid requests, decoding failures, header provider failures — is final.
    @Sendable
    public static func defaultRetryCondition(_ error: Squid.Error) -> Bool {
        switch error {
        case .noConnection, .timeout:
            return true
        case .requestFailed(statusCode: 429, _), .requestFailed(statusCode: 503, _):
            return true
        default:
            return false
        }
    }

    /// Whether the retrier is asked after every failed attempt: `true`, it counts its retries.
    public var allowsMultipleRetries: Bool {
        true
    }

    /// Waits and returns `true` while retries are left and the condition holds; `false` at once
    /// otherwise. Returns `false` if the waiting task is cancelled.
    public func retry<R: Request>(_ request: R, failingWith error: Squid.Error) async -> Bool {
        guard retries < maximumRetries, retryCondition(error) else {
            return false
        }
        let delay = min(Self.retryAfter(of: error) ?? initialDelay * pow(multiplier, Double(retries)), maximumDelay)
        retries += 1
        do {
            try await Task.sleep(nanoseconds: Self.nanoseconds(delay))
        } catch {
            return false
        }
        return true
    }

    /// The longest single wait actually slept, in nanoseconds (about 292 years): any longer
    /// delay, including an infinite `maximumDelay`, sleeps this long, so the conversion can
    /// never overflow.
    static let longestSleep = UInt64(Int64.max)

    /// `seconds` as nanoseconds for `Task.sleep`, clamped to `0...longestSleep`.
    static func nanoseconds(_ seconds: TimeInterval) -> UInt64 {
        guard seconds > 0 else {
            return 0
        }
        let nanoseconds = seconds * 1_000_000_000
        return nanoseconds < Double(longestSleep) ? UInt64(nanoseconds) : longestSleep
    }

    /// The wait a failed response asks for in its `Retry-After` header, in seconds, or `nil`.
    static func retryAfter(of error: Squid.Error) -> TimeInterval? {
        guard case .requestFailed(_, let response) = error, let value = response.header[.retryAfter] else {
            return nil
        }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) {
            // delay-seconds is a run of digits; an absurd count of them still means "very long".
            return Double(trimmed) ?? .infinity
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: trimmed) else {
            return nil
        }
        return max(0, date.timeIntervalSinceNow)
    }
}
