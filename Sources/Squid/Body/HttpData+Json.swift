import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HttpData {

    /// A JSON body: an `Encodable` value encoded with a `JSONEncoder` you may configure (key and
    /// date strategies, output formatting). Sets `Content-Type: application/json` unless the
    /// header has one. If the encoder throws, scheduling fails with
    /// ``Squid/Error/encodingFailed(message:)`` and nothing is sent.
    ///
    /// ```swift
    /// var body: HttpBody { HttpData.Json(NewUser(name: "Ada")) }
    /// ```
    public struct Json<Value: Encodable & Sendable>: HttpBody {

        /// The value to encode.
        public let value: Value

        /// The encoder used for every attempt.
        public let encoder: JSONEncoder

        /// Creates a JSON body for `value`, encoded with `encoder` (a plain `JSONEncoder` by
        /// default: camelCase keys, dates as seconds since 2001).
        public init(_ value: Value, encoder: JSONEncoder = JSONEncoder()) {
            self.value = value
            self.encoder = encoder
        }

        /// Encodes the value into the body.
        public func add(to request: inout URLRequest) throws {
            do {
                request.httpBody = try encoder.encode(value)
            } catch {
                throw Squid.Error.encodingFailed(message: "JSON body of \(Value.self): \(error)")
            }
            request.setContentTypeIfAbsent(.json)
        }

        /// `"<json Value>"`.
        public var description: String {
            "<json \(Value.self)>"
        }
    }
}
