import AsyncHTTPClient
import DemoAPI
import Foundation

extension DemoHarness {
    /// Runs `body` against a fresh server whose live routes move every `liveStep`, and a client,
    /// shutting both down afterwards, also when `body` throws.
    static func run<Value>(
        liveStep: Duration, _ body: (DemoHarness) async throws -> Value
    ) async throws -> Value {
        let server = try await DemoServer.start(liveStep: liveStep)
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

    /// Opens a `GET` of `path` and returns its head with a reader of its streamed body.
    func stream(_ path: String, headers: [(String, String)] = []) async throws -> StreamedBody {
        let response = try await start(.GET, path, headers: headers)
        return StreamedBody(response: response)
    }
}
