/// The name of a stage of the response pipeline. The standard stages run in this order:
/// ``rawData``, ``decoding``, ``parsing``, ``model``, ``cleanup``; you can add your own keys and
/// reorder them with ``Pipeline/order``.
public struct PipelineStageKey: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The stage's name.
    public let rawValue: String

    /// Creates a stage key with the given name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Bytes as they came off the network; a persistent cache usually goes here.
    public static let rawData = PipelineStageKey(rawValue: "rawData")
    /// Bytes to text and similar decodings (the standard `text/*` transformer runs here).
    public static let decoding = PipelineStageKey(rawValue: "decoding")
    /// Text or bytes to structured data (the standard JSON transformer runs here).
    public static let parsing = PipelineStageKey(rawValue: "parsing")
    /// Structured data to model types (where `configureTransformer` puts transformers by default).
    public static let model = PipelineStageKey(rawValue: "model")
    /// Last-chance fixes, e.g. mapping error bodies.
    public static let cleanup = PipelineStageKey(rawValue: "cleanup")

    /// The stage's name.
    public var description: String { rawValue }
}
