import AsyncHTTPClient
import Foundation
import NIOHTTP1

/// A response whose body is read piece by piece as it arrives, remembering when each piece came.
struct StreamedBody {
    /// The response status code.
    let status: Int
    /// The response headers.
    let headers: HTTPHeaders
    /// Everything received so far, as UTF-8 text.
    private(set) var text = ""
    /// Whether the body has ended.
    private(set) var ended = false
    /// When each piece of the body arrived, in order.
    private(set) var arrivals: [ContinuousClock.Instant] = []

    private var iterator: HTTPClientResponse.Body.AsyncIterator

    init(response: HTTPClientResponse) {
        status = Int(response.status.code)
        headers = response.headers
        iterator = response.body.makeAsyncIterator()
    }

    /// The first value of a response header, or `nil`.
    func header(_ name: String) -> String? {
        headers.first(name: name)
    }

    /// Reads until `condition` holds for the text received so far; returns false when the body
    /// ends first. The request's own timeout bounds the wait.
    mutating func read(until condition: (String) -> Bool) async throws -> Bool {
        while !condition(text) {
            guard let piece = try await iterator.next() else {
                ended = true
                return false
            }
            text += String(decoding: piece.readableBytesView, as: UTF8.self)
            arrivals.append(.now)
        }
        return true
    }

    /// Reads the rest of the body.
    mutating func readToEnd() async throws {
        _ = try await read { _ in false }
    }
}
