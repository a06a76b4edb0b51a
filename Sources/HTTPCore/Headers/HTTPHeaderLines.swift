import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Several field lines of one name in a `URLRequest`, which keeps one value a name.
///
/// Two lines of one name that a person typed (`X-A: 1`, `X-A: 2`) would be folded by
/// `addValue(_:forHTTPHeaderField:)` into `1,2`, or lose the first to `setValue`. ``add(_:named:to:)``
/// keeps each line in the one value, apart by U+001F (a control character, which no field value
/// may hold), and ``fields(of:)`` gives them back as lines: how the transport writes them and how
/// the exchange monitor shows them.
package enum HTTPHeaderLines {
    /// What keeps the lines of one name apart in a `URLRequest`'s value.
    package static let separator: UInt8 = 0x1F

    /// Adds the line `name: value` to `request`, after those it has of that name (under any
    /// spelling, which the first line's keeps).
    package static func add(_ value: String, named name: String, to request: inout URLRequest) {
        if let (spelling, existing) = request.allHTTPHeaderFields?.first(where: { HTTPHeaderName.equal($0.key, name) })
        {
            request.setValue(existing + "\u{1F}" + value, forHTTPHeaderField: spelling)
        } else {
            request.setValue(value, forHTTPHeaderField: name)
        }
    }

    /// Sets the lines of `name` in `request` to `values`, in their order, replacing any it had
    /// (under any spelling of the name).
    package static func set(_ values: [String], named name: String, in request: inout URLRequest) {
        request.setValue(nil, forHTTPHeaderField: name)
        for value in values { add(value, named: name, to: &request) }
    }

    /// The field lines of `request`, by name without regard to case (the order the transport
    /// writes them in), the lines of one name in the order they were added.
    package static func fields(of request: URLRequest) -> [HTTPHeaderField] {
        let headers = request.allHTTPHeaderFields ?? [:]
        var fields: [HTTPHeaderField] = []
        fields.reserveCapacity(headers.count)
        for (name, value) in headers.sorted(by: { $0.key.lowercased() < $1.key.lowercased() }) {
            if value.utf8.contains(separator) {
                for line in value.utf8.split(separator: separator, omittingEmptySubsequences: false) {
                    fields.append(HTTPHeaderField(name: name, value: String(decoding: line, as: UTF8.self)))
                }
            } else {
                fields.append(HTTPHeaderField(name: name, value: value))
            }
        }
        return fields
    }
}
