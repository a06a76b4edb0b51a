import Foundation
import Workspace

/// A resource's state as the browser shows it, copied from Siesta's `Resource` after every
/// event (see `ResourceBrowser`). Value type, so `render` stays pure.
public struct ResourceSnapshot {
    /// `url.absoluteString`.
    public var url: String
    /// `latestData`.
    public var latestData: EntitySnapshot?
    /// `latestError`.
    public var latestError: ErrorSnapshot?
    /// `isLoading`.
    public var isLoading: Bool
    /// `isRequesting`.
    public var isRequesting: Bool
    /// `isUpToDate`.
    public var isUpToDate: Bool
    /// `loadRequests.count`.
    public var loadRequestCount: Int
    /// The latest `onProgress` fraction of the load in flight, 0...1, when one is running.
    public var progress: Double?
    /// `timestamp`.
    public var timestamp: TimeInterval
    /// `configuration.expirationTime`.
    public var expirationTime: TimeInterval
    /// `configuration.retryTime`.
    public var retryTime: TimeInterval
    /// The latest GET exchange of this URL in this run (status line, headers, redirects,
    /// timing), when one finished; without its response body.
    public var lastExchange: Exchange?
    /// ``lastExchange`` as the text latestData's pane shows when the response head is toggled
    /// on (`m`); one document per exchange, so its view position and search survive redraws.
    public var head: BodyContent?

    /// Creates a snapshot; defaults describe a fresh, empty resource.
    public init(
        url: String, latestData: EntitySnapshot? = nil, latestError: ErrorSnapshot? = nil, isLoading: Bool = false,
        isRequesting: Bool = false, isUpToDate: Bool = false, loadRequestCount: Int = 0, progress: Double? = nil,
        timestamp: TimeInterval = 0, expirationTime: TimeInterval = 30, retryTime: TimeInterval = 1
    ) {
        self.url = url
        self.latestData = latestData
        self.latestError = latestError
        self.isLoading = isLoading
        self.isRequesting = isRequesting
        self.isUpToDate = isUpToDate
        self.loadRequestCount = loadRequestCount
        self.progress = progress
        self.timestamp = timestamp
        self.expirationTime = expirationTime
        self.retryTime = retryTime
    }

    /// One letter for the resources list: `L` loading, `E` error, `D` data, `·` empty.
    public var stateLetter: Character {
        if isLoading { return "L" }
        if latestError != nil { return "E" }
        if latestData != nil { return "D" }
        return "·"
    }

    /// Whether the resource is up to date at `now`: it was when the snapshot was taken and has
    /// not gone stale since (staleness raises no Siesta event, so the snapshot alone would lag).
    public func isUpToDate(at now: TimeInterval) -> Bool {
        isUpToDate && (secondsUntilStale(now: now).map { $0 >= 0 } ?? false)
    }

    /// Seconds until the data goes stale (negative when already stale), or nil without data.
    public func secondsUntilStale(now: TimeInterval) -> TimeInterval? {
        if let error = latestError { return error.timestamp + retryTime - now }
        guard let data = latestData else { return nil }
        return data.timestamp + expirationTime - now
    }
}
