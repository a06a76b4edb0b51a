import DemoAPI
import Foundation
import HTTPCore
import OrderedJSON
import Siesta
import TestSupport
import Testing

@testable import BrowserRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Large JSON bodies indexed while they arrive", .serialized)
@MainActor
struct JSONBodyIndexingTests {
    /// Small bodies stand in for large ones: the rule is the same at any threshold.
    static let threshold = 256 * 1024

    @Test("a large JSON body is indexed as it arrives into the document of the whole body")
    func indexedOverTheWire() async throws {
        let server = try await DemoServer.start()
        let transport = HTTPTransport(monitor: ExchangeRecorder(indexingThreshold: Self.threshold))
        let request = URLRequest(url: URL(string: "large?count=4000", relativeTo: server.baseURL)!)
        let response = try await transport.send(request)
        #expect(response.body.count > Self.threshold)
        let prepared = try #require(PreparedJSONDocuments.take(for: response.body))
        #expect(prepared.data == response.body)
        let whole = try JSONDocument(data: response.body)
        #expect(prepared.prettyPrinted(limit: 1 << 24) == whole.prettyPrinted(limit: 1 << 24))
        let last = try JSONPath("$[3999].id")
        #expect(last.select(in: prepared).count == 1)
        await transport.shutdown()
        await server.shutdown()
    }

    /// A JSON list of `count` small objects, as bytes.
    static func list(_ count: Int) -> [UInt8] {
        Array(("[" + (0..<count).map { #"{"id":\#($0),"name":"item \#($0)"}"# }.joined(separator: ",") + "]").utf8)
    }

    @Test("a transfer cancelled while its body is indexed stops the indexing thread and lets go of the body")
    func cancelledWhileIndexing() async throws {
        let body = Self.list(40_000)
        let head = Array(
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
        // Half the body, then nothing: the transfer is still running when it is cancelled.
        let server = try await ScriptedHTTPServer.start { _ in .send(head + body[..<(body.count / 2)]) }
        let transport = HTTPTransport(monitor: ExchangeRecorder(indexingThreshold: Self.threshold))
        let before = JSONBodyIndexing.runningThreads
        let transfer = transport.start(URLRequest(url: server.baseURL)) { _ in }
        await waitUntil("the indexing thread started") { JSONBodyIndexing.runningThreads > before }
        transfer.cancel()
        await waitUntil("the indexing thread stopped") { JSONBodyIndexing.runningThreads == before }
        await transport.shutdown()
        await server.stop()
    }

    @Test("a large body that is not JSON after all is left to the pipeline at once, which says where it breaks")
    func brokenLargeBody() async throws {
        var body = Self.list(20_000)
        // The comma after an item half way becomes a letter.
        let end = try #require(body[(body.count / 2)...].firstIndex(of: UInt8(ascii: "}")))
        #expect(body[end + 1] == UInt8(ascii: ","))
        body[end + 1] = UInt8(ascii: "x")
        let response =
            Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
            + body
        let server = try await ScriptedHTTPServer.start { _ in .send(response) }
        let recorder = ExchangeRecorder(indexingThreshold: Self.threshold)
        let service = Service(baseURL: server.baseURL, networking: recorder.provider())
        JSONDocumentTransformer.install(on: service)
        let resource = service.resource("/broken")
        let info = await withCheckedContinuation { continuation in
            resource.load().onCompletion { continuation.resume(returning: $0) }
        }
        guard case .failure(let error) = info.response else {
            Issue.record("a broken body loaded as \(info.response)")
            return
        }
        #expect(error.userMessage.contains("line 1"), "\(error.userMessage)")
        await waitUntil("no indexing thread left") { JSONBodyIndexing.runningThreads == 0 }
        await server.stop()
    }

    @Test("small JSON bodies, chunked ones and other types are left to the pipeline")
    func smallAndOtherBodies() async throws {
        let server = try await DemoServer.start()
        let transport = HTTPTransport(monitor: ExchangeRecorder(indexingThreshold: Self.threshold))
        let small = try await transport.send(URLRequest(url: server.baseURL.appendingPathComponent("users/1")))
        #expect(PreparedJSONDocuments.take(for: small.body) == nil)
        let chunked = try await transport.send(
            URLRequest(url: URL(string: "chunked?count=2000", relativeTo: server.baseURL)!))
        #expect(PreparedJSONDocuments.take(for: chunked.body) == nil)
        let bytes = try await transport.send(
            URLRequest(url: URL(string: "download?bytes=400000&chunk=65536&delay=0", relativeTo: server.baseURL)!))
        #expect(bytes.body.count == 400_000)
        #expect(PreparedJSONDocuments.take(for: bytes.body) == nil)
        await transport.shutdown()
        await server.shutdown()
    }

    @Test("the pipeline takes the document made for the same bytes instead of indexing again")
    func transformerTakesIt() throws {
        let document = try JSONDocument(data: Data(#"{"prepared": true}"#.utf8))
        PreparedJSONDocuments.keep(document)
        let entity = Entity<Any>(content: document.data, contentType: "application/json")
        var content: Any?
        if case .success(let result) = JSONDocumentTransformer().process(.success(entity)) { content = result.content }
        #expect(content as? JSONDocument === document)
        #expect(PreparedJSONDocuments.take(for: document.data) == nil)
    }

    @Test("a browser load of a large JSON body uses the document made while it arrived")
    func browserLoad() async throws {
        let server = try await DemoServer.start()
        let recorder = ExchangeRecorder(indexingThreshold: Self.threshold)
        let service = Service(baseURL: server.baseURL, networking: recorder.provider())
        JSONDocumentTransformer.install(on: service)
        let resource = service.resource("/large").withParam("count", "4000")
        let takenBefore = PreparedJSONDocuments.taken
        await withCheckedContinuation { continuation in
            resource.load().onCompletion { _ in continuation.resume() }
        }
        let document = try #require(resource.latestData?.content as? JSONDocument)
        #expect(document.data.count > Self.threshold)
        // Kept before the exchange completed, and taken by the pipeline rather than made again.
        #expect(PreparedJSONDocuments.taken > takenBefore)
        #expect(PreparedJSONDocuments.take(for: document.data) == nil)
        await server.shutdown()
    }
}
