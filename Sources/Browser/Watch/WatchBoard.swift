import Foundation

/// The pinned resources, in the order they were pinned, and the board's own view state.
public struct WatchBoard: Sendable, Equatable {
    /// The pinned resources.
    public var entries: [WatchEntry] = []
    /// The selected row.
    public var cursor = 0
    /// True when the board is shown.
    public var isShown = false
    /// The history position the board's selection put its resource at, while it is still the
    /// one shown: the next selection replaces that entry instead of adding one.
    public var previewHistoryIndex: Int?
    /// The refresh interval new pins get, in seconds (`--watch-interval`).
    public var defaultInterval: Double
    /// The most resources that can be pinned.
    public static let maximumEntries = 500
    /// The shortest refresh interval, in seconds.
    public static let minimumInterval = 0.1
    /// The longest refresh interval, in seconds (a day).
    public static let maximumInterval = 86_400.0

    /// Creates an empty board whose pins refresh every `defaultInterval` seconds.
    public init(defaultInterval: Double = 5) {
        self.defaultInterval = WatchBoard.clamp(defaultInterval)
    }

    /// The index of the entry for `url`, if it is pinned.
    public func index(of url: String) -> Int? { entries.firstIndex { $0.url == url } }

    /// True when `url` is pinned.
    public func isPinned(_ url: String) -> Bool { index(of: url) != nil }

    /// The selected entry, if any.
    public var selected: WatchEntry? { entries.indices.contains(cursor) ? entries[cursor] : nil }

    /// True when every entry is paused (and there is one).
    public var isAllPaused: Bool { !entries.isEmpty && entries.allSatisfy(\.isPaused) }

    /// An interval within the allowed range.
    public static func clamp(_ interval: Double) -> Double {
        guard interval.isFinite else { return maximumInterval }
        return min(maximumInterval, max(minimumInterval, interval))
    }
}
