import HTTPCore
import Safety

/// A set of HTTP header fields: the service's common header, the service's asynchronous header and
/// a request's own header are all values of this type.
///
/// Write it as a dictionary literal whose keys are ``HttpHeader/Field`` values (typed ones such as
/// ``HttpHeader/Field/authorization`` or plain string literals) and whose values are strings.
/// Field names compare case-insensitively; each name holds one value. The order is the written
/// order, and `+` lets the right-hand side win: the scheduler builds the header of every attempt
/// as `service.header + service.asyncHeader + request.header`.
///
/// Values must not contain line breaks or NUL: scheduling such a header fails with
/// ``Squid/Error/invalidRequest(message:)`` before anything is sent. ``description`` masks the
/// values of secret fields (authorization, cookies, API keys), so a header can be logged.
///
/// ```swift
/// var header: HttpHeader { [.accept: "application/json", "X-Trace": "on"] }
/// ```
public struct HttpHeader: Sendable, Hashable, ExpressibleByDictionaryLiteral, CustomStringConvertible {

    /// The fields in order, each with the name as first written.
    public private(set) var fields: [(field: Field, value: String)]

    /// Creates a header from field/value pairs; a repeated name keeps its first position and its
    /// last value.
    public init(_ fields: [(Field, String)] = []) {
        self.fields = []
        for (field, value) in fields {
            self[field] = value
        }
    }

    /// Creates a header from a literal such as `[.contentType: "text/plain"]`.
    public init(dictionaryLiteral elements: (Field, String)...) {
        self.init(elements)
    }

    /// The value of a field (case-insensitive), or `nil`. Setting `nil` removes the field;
    /// setting a value replaces the old one in place (keeping the name's first spelling), or
    /// appends the field.
    public subscript(field: Field) -> String? {
        get {
            fields.first { $0.field == field }?.value
        }
        set {
            let index = fields.firstIndex { $0.field == field }
            switch (index, newValue) {
            case (let index?, let value?):
                fields[index].value = value
            case (let index?, nil):
                fields.remove(at: index)
            case (nil, let value?):
                fields.append((field, value))
            case (nil, nil):
                break
            }
        }
    }

    /// Whether the header has no fields.
    public var isEmpty: Bool {
        fields.isEmpty
    }

    /// Merges two headers: fields of `rhs` replace fields of `lhs` with the same name (keeping the
    /// position of `lhs`); new fields are appended.
    public static func + (lhs: HttpHeader, rhs: HttpHeader) -> HttpHeader {
        var result = lhs
        for (field, value) in rhs.fields {
            result[field] = value
        }
        return result
    }

    /// `Name: value` lines joined by `, `; values of secret fields are masked (`••••••`).
    public var description: String {
        let shown = fields.map { field, value in
            "\(field.name): \(field.isSecret ? SecretMasker.mask : UnsafeText.clean(value))"
        }
        return "[" + shown.joined(separator: ", ") + "]"
    }

    /// Two headers are equal when they hold the same names (case-insensitively) with the same
    /// values, in any order.
    public static func == (lhs: HttpHeader, rhs: HttpHeader) -> Bool {
        lhs.fields.count == rhs.fields.count && lhs.fields.allSatisfy { rhs[$0.field] == $0.value }
    }

    /// Hashes the fields independently of their order.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for (field, value) in fields {
            var inner = Hasher()
            inner.combine(field)
            inner.combine(value)
            combined ^= inner.finalize()
        }
        hasher.combine(fields.count)
        hasher.combine(combined)
    }

    /// Adds a received field: a repeated name gets the value appended with the HTTP core's
    /// folding (`", "`, or a line feed between `Set-Cookie` values).
    mutating func appendReceived(_ field: Field, _ value: String) {
        if let existing = self[field] {
            self[field] = existing + HTTPHeaderFolding.separator(for: field.name.lowercased()) + value
        } else {
            self[field] = value
        }
    }

    /// The first field whose value is not a legal header value (contains CR, LF or NUL).
    var firstInvalidField: Field? {
        fields.first { _, value in
            value.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }
        }?.field
    }
}
