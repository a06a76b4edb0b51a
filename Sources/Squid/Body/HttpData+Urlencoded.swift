import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HttpData {

    /// A form body (`application/x-www-form-urlencoded`), written like an ``HttpQuery``: a
    /// dictionary literal of names and printable values, kept in the written order, array values
    /// repeating their name. Names and values are percent-encoded (a space becomes `%20`).
    ///
    /// ```swift
    /// var body: HttpBody { HttpData.Urlencoded(["name": "Ada Lovelace", "admin": true]) }
    /// ```
    public struct Urlencoded: HttpBody, Sendable, ExpressibleByDictionaryLiteral {

        /// The form fields in order.
        public let fields: HttpQuery

        /// Creates a form body from fields.
        public init(_ fields: HttpQuery) {
            self.fields = fields
        }

        /// Creates a form body from a literal, keeping the written order.
        public init(dictionaryLiteral elements: (String, any CustomStringConvertible)...) {
            fields = elements.reduce(into: HttpQuery()) { query, element in
                query = query + [element.0: element.1]
            }
        }

        /// Writes the encoded fields and sets the form content type unless present.
        public func add(to request: inout URLRequest) throws {
            request.httpBody = Data(fields.encodedQuery.utf8)
            request.setContentTypeIfAbsent(.formUrlencoded)
        }

        /// The encoded form text, e.g. `"name=Ada%20Lovelace&admin=true"`.
        public var description: String {
            fields.encodedQuery
        }
    }
}
