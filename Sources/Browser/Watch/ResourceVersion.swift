import Foundation

/// One version of a resource's data in this run: when it arrived, how, its size, and what
/// changed from the version before. The body itself is kept by the browser (see
/// ``ResourceBrowser``) while the version is among the last ``maximumPerResource``.
public struct ResourceVersion: Sendable, Equatable {
    /// The version's number, unique in the run (counts up across every resource); commands
    /// name versions by it.
    public var id: Int
    /// The version's number among its resource's versions in this run, from 1: what the
    /// timeline shows (`#3`) and a diff's title names (`versions #2 → #3`).
    public var number: Int
    /// The resource's URL.
    public var url: String
    /// When it arrived (seconds since 1970).
    public var time: Double
    /// The event that brought it (`newData(network)`, `newData(cache)`, `newData(localOverride)`).
    public var event: String
    /// The body's size in bytes, when known.
    public var size: Int?
    /// What changed from the version before; nil for the first version, and until the diff is
    /// done.
    public var change: String?
    /// True while its body is kept (older bodies are let go to bound memory).
    public var hasBody = true

    /// The most versions kept per resource.
    public static let maximumPerResource = 100

    /// Creates a version; `number` is `id` unless given.
    public init(
        id: Int, number: Int? = nil, url: String, time: Double, event: String, size: Int?, change: String? = nil
    ) {
        self.id = id
        self.number = number ?? id
        self.url = url
        self.time = time
        self.event = event
        self.size = size
        self.change = change
    }
}
