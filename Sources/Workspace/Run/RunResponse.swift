import Foundation
import OrderedJSON

/// An answer as assertions and captures see it.
public struct RunResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The headers in order, repeats kept.
    public var headers: [HeaderField]
    /// The body bytes (decompressed).
    public var body: Data
    /// From sending to the last byte.
    public var duration: Duration
    /// The URL that answered, after redirects.
    public var url: String
    /// The body parsed as JSON, nil when it is not JSON. Parsed once, by ``init(status:headers:body:duration:url:)``.
    public let document: JSONDocument?

    /// Creates an answer; the body is parsed as JSON when it is JSON.
    public init(status: Int, headers: [HeaderField], body: Data, duration: Duration, url: String) {
        self.status = status
        self.headers = headers
        self.body = body
        self.duration = duration
        self.url = url
        document = body.isEmpty ? nil : try? JSONDocument(data: body)
    }

    /// The values of header `name` (any case), in order.
    public func headerValues(_ name: String) -> [String] {
        let lowered = name.lowercased()
        return headers.filter { $0.name.lowercased() == lowered }.map(\.value)
    }

    /// The value of the cookie `name` the answer sets, nil when it sets none.
    public func cookie(_ name: String) -> String? {
        for line in headerValues("Set-Cookie") {
            let pair = line.split(separator: ";", maxSplits: 1).first ?? ""
            guard let equals = pair.firstIndex(of: "=") else { continue }
            if pair[..<equals].trimmingCharacters(in: .whitespaces) == name {
                return pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// The body as text (invalid UTF-8 replaced).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// Milliseconds taken.
    public var milliseconds: Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
