import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request without a body, described by its method, URL, header fields and timeout: what a
/// plain `GET` needs, without building a Foundation `URLRequest`.
///
/// ``HTTPTransport`` sends it as it would send the equivalent `URLRequest` (``urlRequest``), and
/// builds that `URLRequest` only when something needs one (a monitor, a cookie jar, a redirect to
/// follow).
package struct HTTPPlainRequest: Sendable {
    /// The method, e.g. `GET`.
    package var method: String
    /// The URL to send the request to.
    package var url: URL
    /// The header fields; at most one per name, compared without regard to case.
    package var headerFields: [HTTPHeaderField]
    /// The time, in seconds, the whole exchange may take; 0 or less for no limit. 60 by default,
    /// as for a `URLRequest`.
    package var timeoutInterval: TimeInterval

    /// Creates a request.
    package init(
        method: String = "GET", url: URL, headerFields: [HTTPHeaderField] = [], timeoutInterval: TimeInterval = 60
    ) {
        self.method = method
        self.url = url
        self.headerFields = headerFields
        self.timeoutInterval = timeoutInterval
    }

    /// Sets the field `name` to `value`, replacing a field of that name under any spelling, as
    /// `URLRequest.setValue(_:forHTTPHeaderField:)` does.
    package mutating func setValue(_ value: String, forHTTPHeaderField name: String) {
        if let index = index(of: name) {
            headerFields[index] = HTTPHeaderField(name: name, value: value)
        } else {
            headerFields.append(HTTPHeaderField(name: name, value: value))
        }
    }

    /// The value of the field `name` (compared without regard to case), if the request has it.
    package func value(forHTTPHeaderField name: String) -> String? {
        index(of: name).map { headerFields[$0].value }
    }

    private func index(of name: String) -> Int? {
        headerFields.firstIndex { HTTPHeaderName.equal($0.name, name) }
    }

    /// The same request as a Foundation `URLRequest`.
    package var urlRequest: URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.timeoutInterval = timeoutInterval
        for field in headerFields {
            request.setValue(field.value, forHTTPHeaderField: field.name)
        }
        return request
    }
}
