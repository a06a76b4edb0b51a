import Foundation
import NIOConcurrencyHelpers

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A hook that keeps the results of GET requests for a time to live and answers repeated requests
/// from memory.
///
/// The cache key is the full `URLRequest` of the first attempt (URL with query, header fields
/// including `Authorization`, body, timeout), so different users or parameters never share an
/// entry. Only GET requests whose ``Request/shouldCacheResult`` is `true` are cached; other
/// requests pass through untouched. An entry is served
/// while younger than ``ttl`` and dropped when found older. Results are kept in memory for the
/// hook's lifetime; keep one hook instance per service (e.g. a `let` property of the service) or
/// nothing is ever shared. Thread-safe.
///
/// ```swift
/// struct CachedApi: HttpService {
///     let hook: ServiceHook = CachingServiceHook(ttl: 60)
///     var apiUrl: UrlConvertible { "api.example.com" }
/// }
/// ```
public final class CachingServiceHook: ServiceHook {

    private struct Entry: Sendable {
        let stored: ContinuousClock.Instant
        let value: any Sendable
    }

    /// How long, in seconds, a result may be served from the cache.
    public let ttl: TimeInterval

    private let entries = NIOLockedValueBox<[URLRequest: Entry]>([:])
    private let now: @Sendable () -> ContinuousClock.Instant

    /// Creates a cache whose entries live `ttl` seconds (600 by default).
    public convenience init(ttl: TimeInterval = 600) {
        self.init(ttl: ttl, now: { .now })
    }

    /// Creates a cache that reads the time from `now` (tests move it by hand).
    init(ttl: TimeInterval, now: @escaping @Sendable () -> ContinuousClock.Instant) {
        self.ttl = ttl
        self.now = now
    }

    /// The number of entries currently stored, expired or not.
    public var count: Int {
        entries.withLockedValue { $0.count }
    }

    /// Removes every entry.
    public func removeAll() {
        entries.withLockedValue { $0.removeAll() }
    }

    /// Answers a GET request from a fresh entry of the same `URLRequest`, if any.
    public func onSchedule<R: Request>(_ request: R, _ urlRequest: URLRequest) -> R.Result? {
        guard request.method == .get, request.shouldCacheResult else {
            return nil
        }
        let now = self.now()
        let limit = Duration.nanoseconds(Int64(max(0, ttl) * 1_000_000_000))
        return entries.withLockedValue { entries -> R.Result? in
            guard let entry = entries[urlRequest] else {
                return nil
            }
            guard now - entry.stored <= limit, let value = entry.value as? R.Result else {
                entries[urlRequest] = nil
                return nil
            }
            return value
        }
    }

    /// Stores the result of a successful GET request.
    public func onSuccess<R: Request>(_ request: R, _ urlRequest: URLRequest, result: R.Result) {
        guard request.method == .get, request.shouldCacheResult else {
            return
        }
        let entry = Entry(stored: now(), value: result)
        entries.withLockedValue { $0[urlRequest] = entry }
    }
}
