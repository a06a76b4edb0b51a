import Foundation

/// The standard text decoder: `Data` to `String`, in the entity's charset.
///
/// Without a charset, `text/*` bodies are read as ISO-8859-1 (HTTP's historical default) and
/// bodies of other types as UTF-8. UTF-8, UTF-16, UTF-32, ASCII and ISO-8859-1 are decoded by
/// Foundation; any other charset goes through the system's `iconv`, so EUC-JP, Shift_JIS,
/// GB18030, Big5, KOI8-R and the like work too. A charset neither knows fails with
/// ``RequestError/Cause/InvalidTextEncoding``; bytes that are not valid in a known charset fail
/// with ``RequestError/Cause/UndecodableText``.
enum TextDecoding {
    static func decode(_ entity: Entity<Data>) throws -> String? {
        let charsetName = entity.charset ?? defaultCharset(forContentType: entity.contentType)
        let data = entity.content
        let known = TextEncodingName.encoding(named: charsetName)
        if let known, TextEncodingName.isPortable(known) {
            guard let text = decodeWithFoundation(data, known) else {
                throw undecodable(entity, charsetName)
            }
            return text
        }
        switch IconvDecoder.decode(data, charset: charsetName) {
        case .decoded(let text):
            return text
        case .invalidBytes:
            throw undecodable(entity, charsetName)
        case .unknownCharset:
            // Without iconv (or if it lacks the charset), Foundation may still know it.
            if let known, let text = decodeWithFoundation(data, known) { return text }
            let cause = RequestError.Cause.InvalidTextEncoding(encodingName: charsetName)
            throw RequestError(cause: cause, entity: entity.withContent(data as Any))
        }
    }

    /// ISO-8859-1 for `text/*`, UTF-8 for anything else.
    static func defaultCharset(forContentType contentType: String) -> String {
        MediaType.matches(contentType, pattern: "text/*") ? "iso-8859-1" : "utf-8"
    }

    private static func decodeWithFoundation(_ data: Data, _ encoding: String.Encoding) -> String? {
        if encoding == .utf8 { return String(validating: data, as: UTF8.self) }
        return String(data: data, encoding: encoding)
    }

    private static func undecodable(_ entity: Entity<Data>, _ charsetName: String) -> RequestError {
        let cause = RequestError.Cause.UndecodableText(encodingName: charsetName)
        return RequestError(cause: cause, entity: entity.withContent(entity.content as Any))
    }
}
