import Foundation
import Siesta
import TestSupport
import Testing

@MainActor
@Suite("Persistent caches through the pipeline")
struct EntityCacheTests {
    private func service(with cache: MemoryEntityCache, expiration: TimeInterval = 30) async throws -> Service {
        let service = try await TestServer.service()
        service.configure {
            $0.pipeline[.rawData].cacheUsing(cache)
            $0.expirationTime = expiration
        }
        return service
    }

    @Test("a network load writes the raw stage's output; a fresh service reads it back with newData(cache)")
    func roundTrip() async throws {
        let cache = MemoryEntityCache()
        let first = try await service(with: cache)
        let original = first.resource("/users/1")
        await completion(of: original.load())
        await waitUntil("cache write") { cache.log.contains("write /users/1") }
        let stored = try #require(cache.entry(original.url.absoluteString))
        #expect(stored.content.count > 0)

        let second = try await service(with: cache)
        let resource = second.resource("/users/1")
        let recorder = EventRecorder()
        resource.addObserver(recorder)
        await waitUntil("cache read") { recorder.events.contains("newData(cache)") }
        #expect(recorder.events == ["observerAdded", "newData(cache)"])
        #expect(resource.jsonDict["id"] as? Int == 1)
        #expect(resource.isUpToDate)
    }

    @Test("a stale cached entity is followed by a network load: newData(cache), requested, newData(network)")
    func staleThenNetwork() async throws {
        let cache = MemoryEntityCache()
        let service = try await service(with: cache, expiration: 0.05)
        let url = service.resource("/users/2").url.absoluteString
        cache.seed(
            Entity<Data>(
                content: Data(#"{"id": 2, "stale": true}"#.utf8), contentType: "application/json",
                timestamp: Date.timeIntervalSinceReferenceDate - 60),
            forKey: url)
        let resource = service.resource("/users/2")
        let recorder = EventRecorder()
        resource.addObserver(recorder)
        let load = try #require(resource.loadIfNeeded())
        #expect(resource.loadIfNeeded() === load)
        await completion(of: load)
        #expect(recorder.events == ["observerAdded", "newData(cache)", "requested", "newData(network)"])
        #expect(resource.jsonDict["stale"] == nil)
    }

    @Test("a fresh cached entity satisfies loadIfNeeded without a request")
    func freshSatisfies() async throws {
        let cache = MemoryEntityCache()
        let service = try await service(with: cache)
        let path = TestServer.uniquePath()
        let url = service.resource(path).url.absoluteString
        cache.seed(Entity<Data>(content: Data(#"{"cached": true}"#.utf8), contentType: "application/json"), forKey: url)
        let resource = service.resource(path)
        let request = try #require(resource.loadIfNeeded())
        let info = await completion(of: request)
        #expect(info.isNew, "as in Siesta, the request reports the cached entity as new data")
        #expect(resource.jsonDict["cached"] as? Bool == true)
        #expect(try await TestServer.shared().requestCount(forPath: path) == 0)
    }

    @Test("reading latestData triggers the cache read too")
    func latestDataTriggersRead() async throws {
        let cache = MemoryEntityCache()
        let service = try await service(with: cache)
        let url = service.resource("/users/5").url.absoluteString
        cache.seed(Entity<Data>(content: Data(#"{"id": 5}"#.utf8), contentType: "application/json"), forKey: url)
        let resource = service.resource("/users/5")
        #expect(resource.latestData == nil)
        await waitUntil("cache read") { resource.latestData != nil }
        #expect(resource.jsonDict["id"] as? Int == 5)
    }

    @Test("a 304 updates the cached timestamp; overrideLocalData removes the entry; wipe re-reads")
    func timestampOverrideAndWipe() async throws {
        let cache = MemoryEntityCache()
        let service = try await service(with: cache)
        let resource = service.resource("/users/3")
        await completion(of: resource.load())
        await waitUntil("write") { cache.log.contains("write /users/3") }
        let info = await completion(of: resource.load())
        #expect(!info.isNew)
        await waitUntil("touch") { cache.log.contains("touch /users/3") }

        resource.wipe()
        await waitUntil("re-read after wipe") { cache.log.filter { $0 == "read /users/3" }.count == 2 }
        await waitUntil("data from cache after wipe") { resource.latestData != nil }

        resource.overrideLocalContent(with: ["local": true])
        await waitUntil("remove") { cache.log.contains("remove /users/3") }
        #expect(cache.entry(resource.url.absoluteString) == nil)
    }

    @Test("request() results are never cached")
    func requestsNotCached() async throws {
        let cache = MemoryEntityCache()
        let service = try await service(with: cache)
        let path = TestServer.uniquePath()
        await completion(of: service.resource(path).request(.post, json: ["a": 1]))
        await completion(of: service.resource(path).request(.get))
        // Cache writes run on the cache's work queue: once it has run what was queued so far,
        // any write these requests caused would be in the log.
        await withCheckedContinuation { continuation in cache.workQueue.async { continuation.resume() } }
        #expect(!cache.log.contains { $0.hasPrefix("write") })
    }
}
