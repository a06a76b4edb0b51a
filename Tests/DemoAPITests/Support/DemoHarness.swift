import AsyncHTTPClient
import DemoAPI
import Foundation
import NIOCore
import NIOHTTP1
import TestSupport

/// A demo server on 127.0.0.1 with an ephemeral port plus an HTTP client talking to it.
struct DemoHarness {
    let server: DemoServer
    let client: HTTPClient

    /// Runs `body` against a fresh server and client, shutting both down afterwards, also when
    /// `body` throws.
    static func run<Value>(_ body: (DemoHarness) async throws -> Value) async throws -> Value {
        let server = try await DemoServer.start()
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let harness = DemoHarness(server: server, client: client)
        do {
            let value = try await body(harness)
            try await client.shutdown()
            await server.shutdown()
            return value
        } catch {
            try? await client.shutdown()
            await server.shutdown()
            throw error
        }
    }

    /// The absolute URL string of a root-relative `path` (which may carry a query).
    func url(_ path: String) -> String {
        "http://127.0.0.1:\(server.port)\(path)"
    }

    /// Sends a request and returns the response head; the body is left to the caller.
    func start(
        _ method: HTTPMethod,
        _ path: String,
        headers: [(String, String)] = [],
        body: Data? = nil
    ) async throws -> HTTPClientResponse {
        var request = HTTPClientRequest(url: url(path))
        request.method = method
        for (name, value) in headers {
            request.headers.add(name: name, value: value)
        }
        if let body {
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        return try await client.execute(request, timeout: .milliseconds(Int64(TestTime.scaled(5000))))
    }

    /// Sends a request and reads the whole response.
    func send(
        _ method: HTTPMethod,
        _ path: String,
        headers: [(String, String)] = [],
        body: Data? = nil
    ) async throws -> Reply {
        let response = try await start(method, path, headers: headers, body: body)
        let buffer = try await response.body.collect(upTo: 64 * 1024 * 1024)
        return Reply(status: Int(response.status.code), headers: response.headers, body: Data(buffer.readableBytesView))
    }

    /// Sends a request with a JSON body given as text.
    func send(_ method: HTTPMethod, _ path: String, json: String) async throws -> Reply {
        try await send(method, path, headers: [("Content-Type", "application/json")], body: Data(json.utf8))
    }

    /// A `GET` request.
    func get(_ path: String, headers: [(String, String)] = []) async throws -> Reply {
        try await send(.GET, path, headers: headers)
    }
}

/// A whole response.
struct Reply {
    let status: Int
    let headers: HTTPHeaders
    let body: Data

    /// The first value of a header, or `nil`.
    func header(_ name: String) -> String? {
        headers.first(name: name)
    }

    /// The body parsed as a JSON object.
    func object() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw UnexpectedBody(text: String(decoding: body, as: UTF8.self))
        }
        return object
    }

    /// The body parsed as a JSON array of objects.
    func array() throws -> [[String: Any]] {
        guard let array = try JSONSerialization.jsonObject(with: body) as? [[String: Any]] else {
            throw UnexpectedBody(text: String(decoding: body, as: UTF8.self))
        }
        return array
    }

    /// The body as UTF-8 text.
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// Thrown when a body does not have the expected JSON shape.
struct UnexpectedBody: Error {
    let text: String
}
