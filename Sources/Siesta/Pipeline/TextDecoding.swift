import Foundation

/// The standard text decoder: `Data` to `String`, using the entity's charset (UTF-8 when
/// absent).
enum TextDecoding {
    static func decode(_ entity: Entity<Data>) throws -> String? {
        let charsetName = entity.charset ?? "utf-8"
        guard let encoding = TextEncodingName.encoding(named: charsetName) else {
            let cause = RequestError.Cause.InvalidTextEncoding(encodingName: charsetName)
            throw RequestError(cause: cause, entity: entity.withContent(entity.content as Any))
        }
        if encoding == .utf8 {
            guard let text = String(validating: entity.content, as: UTF8.self) else {
                throw undecodable(entity, encoding)
            }
            return text
        }
        guard let text = String(data: entity.content, encoding: encoding) else {
            throw undecodable(entity, encoding)
        }
        return text
    }

    private static func undecodable(_ entity: Entity<Data>, _ encoding: String.Encoding) -> RequestError {
        let cause = RequestError.Cause.UndecodableText(encoding: encoding)
        return RequestError(cause: cause, entity: entity.withContent(entity.content as Any))
    }
}
