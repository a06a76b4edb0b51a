import Foundation
import OrderedJSON

/// A search through one body for a query, run off the main actor in slices, reporting matches
/// as they are found and stopping when its task is cancelled.
///
/// JSON bodies are searched entry by entry in keys and scalar values as they are shown
/// (decoded), text bodies line by line. Matching ignores the case of ASCII letters. Positions
/// are document entries for JSON and line numbers for text, in ascending order.
public struct BodySearch: Sendable {
    /// What is searched: both are immutable and safe to read from any thread.
    public enum Source: Sendable {
        /// A JSON document.
        case json(JSONDocument)
        /// A text body.
        case text(String)
    }

    /// What a search reports after a slice.
    public struct Update: Sendable, Equatable {
        /// Matches found since the previous update, ascending.
        public var matches: [Int]
        /// How much of the body has been searched, 0...1.
        public var progress: Double
        /// True for the last update.
        public var isFinished: Bool
        /// True when the search stopped at ``BodySearch/maximumMatches``.
        public var reachedLimit: Bool

        /// Creates an update.
        public init(matches: [Int], progress: Double, isFinished: Bool, reachedLimit: Bool = false) {
            self.matches = matches
            self.progress = progress
            self.isFinished = isFinished
            self.reachedLimit = reachedLimit
        }
    }

    /// The most matches one search collects.
    public static let maximumMatches = 100_000
    /// JSON entries searched between cancellation checks.
    static let entriesPerSlice = 131_072
    /// Text bytes searched between cancellation checks.
    static let bytesPerSlice = 2 * 1024 * 1024
    /// Updates are sent at most this often, except for the first matches and the end.
    static let reportInterval = Duration.milliseconds(50)

    /// The body.
    public let source: Source
    /// The query.
    public let matcher: JSONTextMatcher

    /// A search for `query` in `source`; nil for an empty query.
    public init?(source: Source, query: String) {
        guard let matcher = JSONTextMatcher(query) else { return nil }
        self.source = source
        self.matcher = matcher
    }

    /// Searches the whole body, calling `report` with new matches and progress, and returns
    /// when done or when the calling task is cancelled (then without a final update).
    public func run(report: @Sendable (Update) async -> Void) async {
        var reporter = Reporter()
        switch source {
        case .json(let document):
            let total = document.entryCount
            var start = 0
            while start < total {
                if Task.isCancelled { return }
                let end = min(total, start + BodySearch.entriesPerSlice)
                let found = document.entries(
                    matching: matcher, in: start..<end, limit: BodySearch.maximumMatches - reporter.total)
                start = end
                await reporter.add(found, progress: Double(start) / Double(total), finished: start >= total, report)
                if reporter.isDone { return }
            }
        case .text(let text):
            var contiguous = text
            contiguous.makeContiguousUTF8()
            let total = contiguous.utf8.count
            var position = 0
            var line = 0
            while position < total {
                if Task.isCancelled { return }
                let (found, next, lines) = scanText(
                    contiguous, from: position, firstLine: line, limit: reporter.remaining)
                position = next
                line = lines
                await reporter.add(
                    found, progress: Double(position) / Double(total), finished: position >= total, report)
                if reporter.isDone { return }
            }
            if total == 0 { await report(Update(matches: [], progress: 1, isFinished: true)) }
        }
    }

    /// Matching line numbers from byte `start` for about one slice, ending at a line end; the
    /// position reached and the line number there.
    private func scanText(_ text: String, from start: Int, firstLine: Int, limit: Int) -> ([Int], Int, Int) {
        text.utf8.withContiguousStorageIfAvailable { buffer -> ([Int], Int, Int) in
            let bytes = UnsafeRawBufferPointer(buffer)
            var found: [Int] = []
            var position = start
            var line = firstLine
            let stop = min(bytes.count, start + BodySearch.bytesPerSlice)
            while position < bytes.count, position < stop || position == start, found.count < limit {
                let rest = bytes.count - position
                let end: Int
                if let newline = memchr(bytes.baseAddress! + position, 0x0A, rest) {
                    end = bytes.baseAddress!.distance(to: UnsafeRawPointer(newline))
                } else {
                    end = bytes.count
                }
                if matcher.matches(UnsafeRawBufferPointer(rebasing: bytes[position..<end])) { found.append(line) }
                position = end + 1
                line += 1
            }
            return (found, min(position, bytes.count), line)
        } ?? ([], text.utf8.count, firstLine)
    }

    /// Batches matches into updates: at once for the first matches, then at most every
    /// `reportInterval`, and always at the end.
    private struct Reporter {
        var pending: [Int] = []
        var total = 0
        var sentMatches = false
        var isDone = false
        var lastReport = ContinuousClock.now

        var remaining: Int { BodySearch.maximumMatches - total }

        mutating func add(
            _ found: [Int], progress: Double, finished: Bool, _ report: @Sendable (Update) async -> Void
        ) async {
            pending += found
            total += found.count
            let full = total >= BodySearch.maximumMatches
            isDone = finished || full
            let now = ContinuousClock.now
            guard isDone || (!sentMatches && !pending.isEmpty) || now - lastReport >= BodySearch.reportInterval
            else { return }
            let update = Update(matches: pending, progress: progress, isFinished: isDone, reachedLimit: full)
            sentMatches = sentMatches || !pending.isEmpty
            pending = []
            lastReport = now
            await report(update)
        }
    }
}
