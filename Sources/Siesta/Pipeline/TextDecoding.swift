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
        switch encoding {
        case .utf8:
            return String(validating: data, as: UTF8.self)
        case .isoLatin1:
            return decodeLatin1(data)
        case .ascii where isASCII(data):
            return String(decoding: data, as: UTF8.self)
        default:
            // Foundation goes through UTF-16, two bytes a byte: fine for what is left.
            return String(data: data, encoding: encoding)
        }
    }

    /// ISO-8859-1, where every byte is the code point of the same value: ASCII bodies as they
    /// are, others with each byte from 0x80 up written as its two UTF-8 bytes.
    static func decodeLatin1(_ data: Data) -> String {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> String in
            let high = bytes.reduce(0) { $0 + Int($1 >> 7) }
            if high == 0 { return String(decoding: bytes, as: UTF8.self) }
            return String(unsafeUninitializedCapacity: bytes.count + high) { buffer in
                var index = 0
                for byte in bytes {
                    if byte < 0x80 {
                        buffer[index] = byte
                        index += 1
                    } else {
                        buffer[index] = 0xC0 | (byte >> 6)
                        buffer[index + 1] = 0x80 | (byte & 0x3F)
                        index += 2
                    }
                }
                return index
            }
        }
    }

    /// Whether every byte is below 0x80.
    private static func isASCII(_ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in bytes.allSatisfy { $0 < 0x80 } }
    }

    private static func undecodable(_ entity: Entity<Data>, _ charsetName: String) -> RequestError {
        let cause = RequestError.Cause.UndecodableText(encodingName: charsetName)
        return RequestError(cause: cause, entity: entity.withContent(entity.content as Any))
    }
}
