import Foundation
import OrderedJSON
import Workspace

/// What a JSONPath query over a body found: the matches as one JSON document, each match a
/// member named by its normalized path whose value is the matched value's text as sent, and
/// where each came from.
///
/// ```json
/// {
///   "$[0]['id']": 1,
///   "$[1]['id']": 2.50
/// }
/// ```
///
/// At most ``PathQueryResult/maximumShown`` matches, and values up to
/// ``PathQueryResult/maximumBytes`` in all, are in the document; ``count`` still counts them all.
public struct PathQueryResult: Sendable {
    /// The most matches shown.
    public static let maximumShown = 10_000
    /// The most bytes of matched values shown.
    public static let maximumBytes = 32 * 1024 * 1024

    /// The expression as typed.
    public var expression: String
    /// The matches as a document (nil when there were none).
    public var document: JSONDocument?
    /// The entry in the queried body of each member of ``document``, in order.
    public var sources: [Int]
    /// The entry in ``document`` of each member, in order.
    public var members: [Int]
    /// How many nodes the query selected in all.
    public var count: Int
    /// Seconds the query took.
    public var seconds: Double

    /// Creates a result.
    public init(
        expression: String, document: JSONDocument?, sources: [Int], members: [Int], count: Int, seconds: Double
    ) {
        self.expression = expression
        self.document = document
        self.sources = sources
        self.members = members
        self.count = count
        self.seconds = seconds
    }

    /// Builds the result of `sources` (entries of `body`, as selected, `count` in all).
    public static func make(
        expression: String, sources: [Int], in body: JSONDocument, count: Int, seconds: Double
    ) -> PathQueryResult {
        guard !sources.isEmpty else {
            return PathQueryResult(
                expression: expression, document: nil, sources: [], members: [], count: count, seconds: seconds)
        }
        let paths = body.normalizedPaths(of: sources)
        var text = Data("{".utf8)
        for (index, source) in sources.enumerated() {
            text.append(contentsOf: (index == 0 ? "\n  " : ",\n  ").utf8)
            text.append(contentsOf: JSONStringEncoder.quoted(paths[source] ?? "$").utf8)
            text.append(contentsOf: ": ".utf8)
            let range = body.valueRange(source)
            text.append(
                body.data[(body.data.startIndex + range.lowerBound)..<(body.data.startIndex + range.upperBound)])
        }
        text.append(contentsOf: "\n}".utf8)
        guard let document = try? JSONDocument(data: text) else {
            return PathQueryResult(
                expression: expression, document: nil, sources: [], members: [], count: count, seconds: seconds)
        }
        return PathQueryResult(
            expression: expression, document: document, sources: sources,
            members: Array(document.children(of: document.root)), count: count, seconds: seconds)
    }

    /// The entry of the queried body that line `entry` of the result document belongs to: the
    /// match whose member holds it.
    public func source(ofResultEntry entry: Int) -> Int? {
        var low = 0
        var high = members.count
        while low < high {
            let middle = (low + high) / 2
            if members[middle] <= entry { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? sources[low - 1] : sources.first
    }

    /// How much was found, in words: `3 matches · 2 ms`, `no match`, `10,000 of 42,118 matches
    /// shown`.
    public var summary: String {
        let time = Format.milliseconds(seconds)
        switch count {
        case 0: return "no match · \(time)"
        case 1: return "1 match · \(time)"
        default:
            guard sources.count < count else { return "\(count) matches · \(time)" }
            return "\(sources.count) of \(count) matches shown · \(time)"
        }
    }
}
