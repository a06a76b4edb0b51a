import Foundation
import Siesta
import TestSupport
import Testing

/// A user as the demo server returns it.
private struct DemoUser: Decodable, Sendable {
    let id: Int
    let username: String
    let name: String
}

/// Upper-cases text; a custom transformer for pipeline tests.
private struct Shouting: ResponseTransformer {
    func process(_ response: Response) -> Response {
        guard case .success(let entity) = response, let text = entity.content as? String else { return response }
        return .success(entity.withContent(text.uppercased() as Any))
    }
}

@MainActor
@Suite("The transformer pipeline")
struct TransformerTests {
    @Test("a Decodable model is one configureTransformer line, as in the docs")
    func modelTransformer() async throws {
        let service = try await TestServer.service(standardTransformers: [.text])
        let decoder = JSONDecoder()
        service.configureTransformer("/users/*") {
            try decoder.decode(DemoUser.self, from: $0.content)
        }
        let resource = service.resource("/users/3")
        await completion(of: resource.load())
        let user: DemoUser? = resource.typedContent()
        #expect(user?.id == 3)
        #expect(user?.username.isEmpty == false)
        #expect(resource.latestData?.contentType == "application/json; charset=utf-8")
    }

    @Test("a model transformer after the JSON parser receives the parsed dictionary")
    func afterJSON() async throws {
        let service = try await TestServer.service()
        service.configureTransformer("/users/*") { (entity: Entity<[String: Any]>) -> String? in
            entity.content["name"] as? String
        }
        let resource = service.resource("/users/1")
        await completion(of: resource.load())
        #expect(resource.text.isEmpty == false)
        #expect(resource.latestData?.content is String)
    }

    @Test("errors inside a transformer become RequestErrors and keep the old data")
    func throwingTransformer() async throws {
        let service = try await TestServer.service(standardTransformers: [.text])
        let decoder = JSONDecoder()
        service.configureTransformer("/posts/*") {
            try decoder.decode(DemoUser.self, from: $0.content)
        }
        let resource = service.resource("/posts/1")
        await completion(of: resource.load())
        let error = try #require(resource.latestError)
        #expect(error.cause is DecodingError)
        #expect(!error.userMessage.isEmpty)
        #expect(resource.latestData == nil)
    }

    @Test("input type mismatches: error, skip, or skip when the output type already matches")
    func mismatchActions() async throws {
        let service = try await TestServer.service()
        service.configureTransformer("/text", onInputTypeMismatch: .error) { (entity: Entity<Int>) -> String? in
            "\(entity.content)"
        }
        let failing = service.resource("/text")
        await completion(of: failing.load())
        #expect(failing.latestError?.cause is RequestError.Cause.WrongInputTypeInTranformerPipeline)

        let skipping = try await TestServer.service()
        skipping.configureTransformer("/text", onInputTypeMismatch: .skip) { (entity: Entity<Int>) -> Int? in
            entity.content + 1
        }
        let skipped = skipping.resource("/text")
        await completion(of: skipped.load())
        #expect(skipped.latestError == nil)
        #expect(!skipped.text.isEmpty)

        let outputMatches = try await TestServer.service()
        outputMatches.configureTransformer("/text", onInputTypeMismatch: .skipIfOutputTypeMatches) {
            (entity: Entity<Int>) -> String? in "\(entity.content)"
        }
        let kept = outputMatches.resource("/text")
        await completion(of: kept.load())
        #expect(kept.latestError == nil)
    }

    @Test("error bodies go through the pipeline too, so latestError.entity is parsed JSON")
    func errorBodies() async throws {
        let service = try await TestServer.service()
        let resource = service.resource("/errors/422")
        await completion(of: resource.load())
        #expect(resource.latestError?.entity?.jsonDict["status"] as? Int == 422)
        #expect(resource.latestError?.entity?.contentType == "application/json; charset=utf-8")
    }

    @Test("custom stages can be added and reordered; transformers match by content type")
    func customStages() async throws {
        let service = try await TestServer.service()
        let shout = PipelineStageKey(rawValue: "shout")
        service.configure("/text") {
            $0.pipeline[shout].add(Shouting(), contentTypes: ["text/*"])
        }
        let resource = service.resource("/text")
        await completion(of: resource.load())
        #expect(resource.text == resource.text.uppercased())
        #expect(resource.text.contains { $0.isLetter })

        service.configure("/text") {
            $0.pipeline.order = [shout, .rawData, .decoding, .parsing, .model, .cleanup]
        }
        resource.wipe()
        await completion(of: resource.load())
        #expect(resource.text != resource.text.uppercased())

        let json = service.resource("/users/1")
        service.configure("/users/1") { $0.pipeline[shout].add(Shouting(), contentTypes: ["text/*"]) }
        await completion(of: json.load())
        #expect(json.jsonDict["id"] as? Int == 1)
    }

    @Test("removeAllTransformers leaves raw data")
    func removeAll() async throws {
        let service = try await TestServer.service()
        service.configure { $0.pipeline.removeAllTransformers() }
        let resource = service.resource("/users/1")
        await completion(of: resource.load())
        #expect(resource.latestData?.content is Data)
    }
}
