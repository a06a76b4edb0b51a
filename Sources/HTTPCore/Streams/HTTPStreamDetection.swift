import Foundation

/// Which responses are streams: bodies that may never end, to be read as they arrive instead
/// of being collected whole.
///
/// `text/event-stream` (Server-Sent Events) always is. Newline-delimited JSON
/// (`application/x-ndjson`, `application/ndjson`, `application/jsonl`, `application/x-jsonlines`,
/// `application/json-seq`) is when it comes without a `Content-Length`: a body of known size is
/// an ordinary document. Only successful (2xx) responses are streams.
package enum HTTPStreamDetection {
    /// The media types read as lines of JSON when their length is unknown.
    package static let lineDelimitedTypes: Set<String> = [
        "application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines",
        "application/json-seq",
    ]

    /// The kind of stream a response is, if it is one.
    package enum Kind: Sendable, Equatable {
        /// Server-Sent Events.
        case eventStream
        /// One JSON value per line.
        case lineDelimitedJSON
    }

    /// The stream kind of a response with this status and these header fields, or nil when it
    /// is an ordinary response.
    package static func kind(statusCode: Int, headerFields: [HTTPHeaderField]) -> Kind? {
        guard (200..<300).contains(statusCode), statusCode != 204 else { return nil }
        var mediaType = ""
        var hasLength = false
        for field in headerFields {
            switch field.name.lowercased() {
            case "content-type": mediaType = Self.mediaType(of: field.value)
            case "content-length": hasLength = true
            default: break
            }
        }
        if mediaType == "text/event-stream" { return .eventStream }
        if lineDelimitedTypes.contains(mediaType), !hasLength { return .lineDelimitedJSON }
        return nil
    }

    /// The media type of a `Content-Type` value, lower-cased, without parameters.
    package static func mediaType(of contentType: String) -> String {
        let type = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
