import Foundation
import Hummingbird
import NIOCore

/// Reads whole request bodies into memory, with a size limit.
enum RequestBodyReader {
    /// The largest body the server accepts: 16 MiB.
    static let limit = 16 * 1024 * 1024

    /// The bytes of the request body; a body over ``limit`` is a 413 error.
    static func data(of request: Request) async throws -> Data {
        do {
            let buffer = try await request.body.collect(upTo: limit)
            return Data(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            throw APIError(.contentTooLarge, "The request body is larger than \(limit) bytes.")
        }
    }

    /// The request body decoded as JSON; empty or malformed JSON is a 400 error.
    static func json(of request: Request) async throws -> JSONValue {
        try JSONCoding.decodeBody(JSONValue.self, from: try await data(of: request))
    }
}
