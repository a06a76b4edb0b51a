import Foundation
import NIOConcurrencyHelpers
import Siesta
import TestSupport
import Testing

/// A cache that implements only what `EntityCache` requires, relying on the default
/// `updateEntityTimestamp(_:forKey:)`.
private final class MinimalCache: EntityCache {
    private let state = NIOLockedValueBox((entries: [String: Entity<Data>](), log: [String]()))

    var log: [String] { state.withLockedValue { $0.log } }

    func entry(_ key: String) -> Entity<Data>? { state.withLockedValue { $0.entries[key] } }

    @MainActor
    func key(for resource: Resource) -> String? { resource.url.absoluteString }

    func readEntity(forKey key: String) throws -> Entity<Data>? {
        state.withLockedValue {
            $0.log.append("read")
            return $0.entries[key]
        }
    }

    func writeEntity(_ entity: Entity<Data>, forKey key: String) throws {
        state.withLockedValue {
            $0.log.append("write")
            $0.entries[key] = entity
        }
    }

    func removeEntity(forKey key: String) throws {
        state.withLockedValue { $0.entries[key] = nil }
    }
}

@MainActor
@Suite("The pipeline's API: stages, standard transformers, typed accessors of errors")
struct PipelineAPITests {
    @Test("the standard text transformer runs at the parsing stage: a decoding transformer still sees bytes")
    func textParsesAtParsingStage() async throws {
        let service = try await TestServer.service()
        service.configure("/text") {
            $0.pipeline[.decoding].add(
                ResponseContentTransformer<Data, Data> { Data("decoded: ".utf8) + $0.content }, contentTypes: ["text/*"]
            )
        }
        let resource = service.resource("/text")
        await completion(of: resource.load())
        #expect(resource.latestError == nil)
        #expect(resource.text.hasPrefix("decoded: hammock demo API"))

        let withoutParsing = try await TestServer.service()
        withoutParsing.configure { $0.pipeline[.parsing].removeTransformers() }
        let raw = withoutParsing.resource("/text")
        await completion(of: raw.load())
        #expect(raw.latestData?.content is Data)
    }

    @Test("a later text transformer receives a String and reports the type mismatch")
    func laterTextTransformerMismatch() async throws {
        let service = try await TestServer.service()
        service.configure("/text") {
            $0.pipeline[.model].add(
                ResponseContentTransformer<Data, String> { String(decoding: $0.content, as: UTF8.self) },
                contentTypes: ["text/*"])
        }
        let resource = service.resource("/text")
        await completion(of: resource.load())
        let error = try #require(resource.latestError)
        let cause = try #require(error.cause as? RequestError.Cause.WrongInputTypeInTranformerPipeline)
        #expect(cause.expectedType == "Data")
        #expect(cause.actualType == "String")
        #expect(resource.latestData == nil)
    }

    @Test("Pipeline.add(_:) installs a standard transformer where the service has none")
    func addStandardTransformer() async throws {
        let service = try await TestServer.service(standardTransformers: [])
        service.configure("/text") { $0.pipeline.add(.text) }
        service.configure("/users/*") { $0.pipeline.add(.json) }
        let text = service.resource("/text")
        let user = service.resource("/users/2")
        let other = service.resource("/ordered")
        await completion(of: text.load())
        await completion(of: user.load())
        await completion(of: other.load())
        #expect(text.latestData?.content is String)
        #expect(user.jsonDict["id"] as? Int == 2)
        #expect(other.latestData?.content is Data)
    }

    @Test("Pipeline.clear() removes the transformers and the caches of every stage")
    func clear() async throws {
        let cache = MinimalCache()
        let service = try await TestServer.service()
        service.configure { $0.pipeline[.rawData].cacheUsing(cache) }
        service.configure("/users/4") { $0.pipeline.clear() }
        let cleared = service.resource("/users/4")
        await completion(of: cleared.load())
        #expect(cleared.latestData?.content is Data)

        let kept = service.resource("/users/5")
        await completion(of: kept.load())
        #expect(kept.jsonDict["id"] as? Int == 5)
        await waitUntil("cache write for /users/5") { cache.entry(kept.url.absoluteString) != nil }
        // The cache's work queue has run everything queued so far: a write for /users/4 would be there.
        await withCheckedContinuation { continuation in cache.workQueue.async { continuation.resume() } }
        #expect(cache.entry(cleared.url.absoluteString) == nil)
    }

    @Test("PipelineStageKey(description:) names a custom stage")
    func stageKeyDescription() async throws {
        let tagging = PipelineStageKey(description: "tagging")
        #expect(tagging.description == "tagging")
        #expect(tagging == PipelineStageKey(description: "tagging"))
        #expect(tagging != .model)

        let service = try await TestServer.service()
        service.configure("/users/*") {
            $0.pipeline[tagging].add(
                ResponseContentTransformer<[String: Any], String> { $0.content["username"] as? String })
            $0.pipeline.order = [.rawData, .decoding, .parsing, tagging, .model, .cleanup]
        }
        let resource = service.resource("/users/1")
        await completion(of: resource.load())
        #expect(resource.latestError == nil)
        #expect(!resource.text.isEmpty)
    }

    @Test("a cache without updateEntityTimestamp gets the default: read, new timestamp, write back")
    func defaultTimestampUpdate() async throws {
        let cache = MinimalCache()
        let service = try await TestServer.service()
        service.configure { $0.pipeline[.rawData].cacheUsing(cache) }
        let resource = service.resource("/users/6")
        await completion(of: resource.load())
        let key = resource.url.absoluteString
        await waitUntil("first write") { cache.entry(key) != nil }
        let firstTimestamp = try #require(cache.entry(key)?.timestamp)

        let info = await completion(of: resource.load())
        #expect(!info.isNew)
        await waitUntil("timestamp written back") { (cache.entry(key)?.timestamp ?? 0) > firstTimestamp }
        #expect(cache.log.filter { $0 == "write" }.count == 2)
    }

    @Test("a RequestError's typed accessors read its entity")
    func requestErrorAccessors() async throws {
        let service = try await TestServer.service()
        let missing = service.resource("/errors/404")
        await completion(of: missing.load())
        let notFound = try #require(missing.latestError)
        #expect(notFound.jsonDict["status"] as? Int == 404)
        #expect(notFound.jsonArray.isEmpty)
        #expect(notFound.text.isEmpty)
        let dictionary: [String: Any]? = notFound.typedContent()
        #expect(dictionary?["status"] as? Int == 404)

        let undecodable = service.resource("/charsets/bad-euc-jp")
        await completion(of: undecodable.load())
        let error = try #require(undecodable.latestError)
        #expect(error.typedContent(ifNone: Data()) == Data([0x41, 0xFF, 0xFE]))
        #expect(error.jsonDict.isEmpty)

        let connectionError = RequestError(userMessage: "offline", cause: CancellationError())
        #expect(connectionError.text.isEmpty)
        #expect(connectionError.typedContent(ifNone: 7) == 7)
    }
}
