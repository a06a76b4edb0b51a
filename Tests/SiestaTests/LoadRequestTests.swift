import Foundation
import Siesta
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@MainActor
@Suite("load(): what goes on the wire, with and without configured request mutations")
struct LoadRequestTests {
    /// The headers the echo route saw, with lower-cased names.
    func echoedHeaders(_ info: ResponseInfo) -> [String: String] {
        (entity(of: info)?.jsonDict["headers"] as? [String: Any])?.compactMapValues { $0 as? String } ?? [:]
    }

    @Test("a load without configured mutations sends GET with the configured headers, again when repeated")
    func configuredHeaders() async throws {
        let service = try await TestServer.service()
        let path = TestServer.uniquePath()
        service.configure(path) {
            $0.headers["X-Configured"] = "yes"
            $0.headers["Accept"] = "application/json"
        }
        let request = service.resource(path).load()
        let info = await completion(of: request)
        #expect(entity(of: info)?.jsonDict["method"] as? String == "GET")
        #expect(echoedHeaders(info)["x-configured"] == "yes")
        #expect(echoedHeaders(info)["accept"] == "application/json")
        #expect(echoedHeaders(info)["if-none-match"] == nil)

        let repeated = await completion(of: request.repeated().start())
        #expect(echoedHeaders(repeated)["x-configured"] == "yes")
        #expect(echoedHeaders(repeated)["accept"] == "application/json")
    }

    @Test(
        "a load with data that has an ETag sends If-None-Match, with or without configured mutations",
        arguments: [false, true])
    func ifNoneMatch(mutated: Bool) async throws {
        let service = try await TestServer.service()
        let path = TestServer.uniquePath()
        service.configure(path) {
            $0.headers["X-Configured"] = "yes"
            if mutated {
                $0.mutateRequests { $0.setValue("mutated", forHTTPHeaderField: "X-Mutated") }
            }
        }
        let resource = service.resource(path)
        resource.overrideLocalData(
            with: Entity<Any>(content: "local", contentType: "text/plain", headers: ["ETag": "\"local-tag\""]))
        let info = await completion(of: resource.load())
        #expect(echoedHeaders(info)["if-none-match"] == "\"local-tag\"")
        #expect(echoedHeaders(info)["x-configured"] == "yes")
        #expect(echoedHeaders(info)["x-mutated"] == (mutated ? "mutated" : nil))
    }

    @Test("a load through a URLSession transport sends the same headers")
    func urlSessionTransport() async throws {
        let service = try await TestServer.service(networking: URLSessionConfiguration.ephemeral)
        let path = TestServer.uniquePath()
        service.configure(path) { $0.headers["X-Configured"] = "yes" }
        let info = await completion(of: service.resource(path).load())
        #expect(entity(of: info)?.jsonDict["method"] as? String == "GET")
        #expect(echoedHeaders(info)["x-configured"] == "yes")
    }
}
