import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Header fields an ``HTTPTransport`` adds to every request that does not carry them, such as
/// `User-Agent` and `Accept`: a header the request has (under any spelling of its name) always
/// wins, so the caller can override each one per request.
///
/// Fields are added in order; when two share a name, the first one is used. Added headers are
/// part of the request a monitor sees as sent, and they are kept on redirects like the request's
/// own headers.
///
/// ```swift
/// let headers = HTTPDefaultHeaders([("User-Agent", "hammock/1.0"), ("Accept", "application/json, */*;q=0.5")])
/// ```
package struct HTTPDefaultHeaders: Sendable, Hashable {
    /// The fields, in the order they are added.
    package var fields: [HTTPHeaderField]

    /// No default headers: requests go out as they are.
    package static let none = HTTPDefaultHeaders()

    /// Creates default headers from name/value pairs.
    package init(_ pairs: [(String, String)] = []) {
        fields = pairs.map { HTTPHeaderField(name: $0.0, value: $0.1) }
    }

    /// Creates default headers from fields.
    package init(fields: [HTTPHeaderField]) {
        self.fields = fields
    }

    /// Whether there are no fields.
    package var isEmpty: Bool { fields.isEmpty }

    /// Adds each field whose name `request` does not have yet (compared without regard to case).
    package func apply(to request: inout URLRequest) {
        for field in fields where request.value(forHTTPHeaderField: field.name) == nil {
            request.setValue(field.value, forHTTPHeaderField: field.name)
        }
    }

    /// Adds each field whose name `request` does not have yet (compared without regard to case).
    package func apply(to request: inout HTTPPlainRequest) {
        for field in fields where request.value(forHTTPHeaderField: field.name) == nil {
            request.setValue(field.value, forHTTPHeaderField: field.name)
        }
    }
}
