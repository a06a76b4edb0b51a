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

    /// Creates a key for a custom stage; two keys with the same description name the same stage.
    ///
    /// ```swift
    /// extension PipelineStageKey {
    ///     static let munging = PipelineStageKey(description: "munging")
    /// }
    /// ```
    public init(description: String) {
        self.init(rawValue: description)
    }

    /// Bytes as they came off the network; a persistent cache usually goes here.
    public static let rawData = PipelineStageKey(rawValue: "rawData")
    /// Bytes-to-bytes work such as decryption or decompression the network layer did not do.
    /// The standard transformers do not run here.
    public static let decoding = PipelineStageKey(rawValue: "decoding")
    /// Bytes to a generic structure: `text/*` to `String` and JSON to `[String: Any]` or
    /// `[Any]` (the standard text and JSON transformers run here).
    public static let parsing = PipelineStageKey(rawValue: "parsing")
    /// Structured data to model types (where `configureTransformer` puts transformers by default).
    public static let model = PipelineStageKey(rawValue: "model")
    /// Last-chance fixes, e.g. mapping error bodies.
    public static let cleanup = PipelineStageKey(rawValue: "cleanup")

    /// The stage's name.
    public var description: String { rawValue }
}
