import Foundation

/// The parsers a `Service` installs by default; choose them with
/// `Service(standardTransformers:)`.
///
/// Siesta on Linux has no platform image type, so there is no `.image` transformer here.
public enum StandardTransformer: Sendable, CaseIterable {
    /// Parses `*/json` and `*/*+json` bodies into `[String: Any]` or `[Any]` at the
    /// ``PipelineStageKey/parsing`` stage; error bodies too.
    case json
    /// Decodes `text/*` bodies into `String` at the ``PipelineStageKey/parsing`` stage, using
    /// the charset of the `Content-Type` (ISO-8859-1 when absent); error bodies too. Charsets
    /// Foundation cannot read on Linux (EUC-JP, Shift_JIS, GB18030, Big5, KOI8-R…) are decoded
    /// through the system's `iconv`.
    case text

    /// Adds this transformer to the pipeline. Use ``Pipeline/add(_:)`` from outside Siesta.
    func install(in pipeline: inout Pipeline) {
        switch self {
        case .json:
            pipeline[.parsing].add(
                ResponseContentTransformer<Any, Any>(transformErrors: true, processor: JSONParsing.parse),
                contentTypes: ["*/json", "*/*+json"])
        case .text:
            pipeline[.parsing].add(
                ResponseContentTransformer<Data, String>(transformErrors: true, processor: TextDecoding.decode),
                contentTypes: ["text/*"])
        }
    }
}
