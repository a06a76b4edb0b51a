import DemoAPI
import Foundation
import OrderedJSON
import Siesta
import Testing

@testable import Browser
@testable import BrowserRuntime

@Suite("JSON documents in Siesta's pipeline")
@MainActor
struct DocumentTransformerTests {
    /// Loads the resource and returns once the load's completion hook has run.
    func loaded(_ resource: Resource) async {
        await withCheckedContinuation { continuation in
            resource.load().onCompletion { _ in continuation.resume() }
        }
    }

    @Test("a library user keeps documents with one configureTransformer line")
    func oneLineTransformer() async throws {
        let server = try await DemoServer.start()
        let service = Service(baseURL: server.baseURL, standardTransformers: [.text])
        service.configureTransformer("**") { try JSONDocument(data: $0.content) }
        let resource = service.resource("/ordered")
        await loaded(resource)
        let document = try #require(resource.latestData?.content as? JSONDocument)
        #expect(document.children(of: document.root).map { document.key($0) }.prefix(3) == ["zeta", "alpha", "alpha"])
        #expect(document.child(of: document.root, key: "zeta").flatMap(document.numberText) == "1.10")
        await server.shutdown()
    }

    @Test("the browser's transformer indexes success and error bodies and explains bad JSON")
    func browserTransformer() async throws {
        let server = try await DemoServer.start()
        let service = Service(baseURL: server.baseURL)
        JSONDocumentTransformer.install(on: service)
        let user = service.resource("/users/1")
        await loaded(user)
        #expect(user.latestData?.content is JSONDocument)
        let missing = service.resource("/users/999999")
        await loaded(missing)
        #expect(missing.latestError?.httpStatusCode == 404)
        #expect(missing.latestError?.entity?.content is JSONDocument)
        let broken = service.resource("/broken/json")
        await loaded(broken)
        let error = try #require(broken.latestError)
        #expect(error.userMessage.hasPrefix("Cannot parse server response: invalid JSON at line 1, column 23"))
        #expect(error.cause is JSONSyntaxError)
        #expect(
            (error.entity?.content as? Data).map { String(decoding: $0, as: UTF8.self) } == #"{"unterminated": [1, 2"#)
        let empty = service.resource("/broken/empty")
        await loaded(empty)
        #expect(empty.latestError == nil)
        #expect((empty.latestData?.content as? Data)?.isEmpty == true)
        await server.shutdown()
    }
}
