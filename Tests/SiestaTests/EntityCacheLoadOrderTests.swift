import Foundation
import NIOConcurrencyHelpers
import Siesta
import TestSupport
import Testing

/// Records each event with whether the resource was loading when it arrived.
@MainActor
private final class LoadingStateRecorder {
    var entries: [String] = []

    func observe(_ resource: Resource) {
        resource.addObserver(owner: self) { [weak self] resource, event in
            self?.entries.append("\(event) loading=\(resource.isLoading)")
        }
    }
}

/// A cache that declines every resource and records anything else it is asked.
private final class DecliningCache: EntityCache {
    private let asked = NIOLockedValueBox<[String]>([])

    /// Everything asked of the cache besides its key.
    var log: [String] { asked.withLockedValue { $0 } }

    @MainActor
    func key(for resource: Resource) -> String? { nil }

    func readEntity(forKey key: String) throws -> Entity<Data>? {
        asked.withLockedValue { $0.append("read") }
        return nil
    }

    func writeEntity(_ entity: Entity<Data>, forKey key: String) throws {
        asked.withLockedValue { $0.append("write") }
    }

    func updateEntityTimestamp(_ timestamp: TimeInterval, forKey key: String) throws {
        asked.withLockedValue { $0.append("touch") }
    }

    func removeEntity(forKey key: String) throws {
        asked.withLockedValue { $0.append("remove") }
    }

    var workQueue: DispatchQueue {
        asked.withLockedValue { $0.append("workQueue") }
        return DispatchQueue(label: "DecliningCache")
    }
}

@MainActor
@Suite("loadIfNeeded while a persistent cache is read")
struct EntityCacheLoadOrderTests {
    private func service(cachingAt stages: [(PipelineStageKey, MemoryEntityCache)], expiration: TimeInterval = 30)
        async throws -> Service
    {
        let service = try await TestServer.service()
        service.configure {
            for (stage, cache) in stages {
                $0.pipeline[stage].cacheUsing(cache)
            }
            $0.expirationTime = expiration
        }
        return service
    }

    private func seed(_ cache: MemoryEntityCache, _ json: String, for resource: Resource, age: TimeInterval = 0) {
        cache.seed(
            Entity<Data>(
                content: Data(json.utf8), contentType: "application/json",
                timestamp: Date.timeIntervalSinceReferenceDate - age),
            forKey: resource.url.absoluteString)
    }

    @Test("a fresh hit: newData(cache) while loading, then notModified to observers, the request new data, no network")
    func freshHit() async throws {
        let cache = MemoryEntityCache()
        let service = try await service(cachingAt: [(.rawData, cache)])
        let path = TestServer.uniquePath()
        seed(cache, #"{"cached": true}"#, for: service.resource(path))
        let resource = service.resource(path)
        let recorder = LoadingStateRecorder()
        recorder.observe(resource)
        let load = try #require(resource.loadIfNeeded())
        #expect(resource.isLoading)
        #expect(resource.loadRequests.count == 1)
        #expect(resource.loadIfNeeded() === load)
        var newData: Bool?
        load.onNewData { newData = $0.jsonDict["cached"] as? Bool }
        let info = await completion(of: load)
        // Siesta's EntityCacheSpec: the request ends with the cached entity as new data
        // ("awaitNewData(firstRequest)"), while the observers see notModified.
        #expect(info.isNew)
        await waitUntil("onNewData") { newData != nil }
        #expect(newData == true)
        #expect(!resource.isLoading)
        #expect(
            recorder.entries == [
                "observerAdded loading=false", "newData(cache) loading=true", "notModified loading=false",
            ])
        #expect(resource.jsonDict["cached"] as? Bool == true)
        #expect(try await TestServer.shared().requestCount(forPath: path) == 0)
    }

    @Test("a stale hit: newData(cache), requested, newData(network), loading throughout")
    func staleHit() async throws {
        let cache = MemoryEntityCache()
        let service = try await service(cachingAt: [(.rawData, cache)], expiration: 5)
        let path = TestServer.uniquePath()
        seed(cache, #"{"stale": true}"#, for: service.resource(path), age: 60)
        let resource = service.resource(path)
        let recorder = LoadingStateRecorder()
        recorder.observe(resource)
        let load = try #require(resource.loadIfNeeded())
        let info = await completion(of: load)
        #expect(info.isNew)
        #expect(
            recorder.entries == [
                "observerAdded loading=false", "newData(cache) loading=true", "requested loading=true",
                "newData(network) loading=false",
            ])
        #expect(resource.jsonDict["stale"] == nil)
        #expect(try await TestServer.shared().requestCount(forPath: path) == 1)
    }

    @Test("a miss: requested, newData(network)")
    func miss() async throws {
        let cache = MemoryEntityCache()
        let service = try await service(cachingAt: [(.rawData, cache)])
        let path = TestServer.uniquePath()
        let resource = service.resource(path)
        let recorder = LoadingStateRecorder()
        recorder.observe(resource)
        let load = try #require(resource.loadIfNeeded())
        #expect(resource.isLoading)
        await completion(of: load)
        #expect(
            recorder.entries == [
                "observerAdded loading=false", "requested loading=true", "newData(network) loading=false",
            ])
        #expect(cache.log.contains("read \(path)"))
    }

    @Test("cancelling the load during the read tells observers and sends nothing")
    func cancelDuringRead() async throws {
        let cache = MemoryEntityCache()
        let service = try await service(cachingAt: [(.rawData, cache)])
        let path = TestServer.uniquePath()
        let resource = service.resource(path)
        let recorder = LoadingStateRecorder()
        recorder.observe(resource)
        let load = try #require(resource.loadIfNeeded())
        load.cancel()
        #expect(!resource.isLoading)
        // A later loadIfNeeded, during the read or after it, ends in a network load.
        let next = try #require(resource.loadIfNeeded())
        await completion(of: next)
        #expect(
            recorder.entries == [
                "observerAdded loading=false", "requestCancelled loading=false", "requested loading=true",
                "newData(network) loading=false",
            ])
        #expect(try await TestServer.shared().requestCount(forPath: path) == 1)
    }

    @Test("an entry a later stage rejects falls back to an earlier stage's cache")
    func fallsBackToEarlierStage() async throws {
        let raw = MemoryEntityCache()
        let decoded = MemoryEntityCache()
        let service = try await service(cachingAt: [(.rawData, raw), (.decoding, decoded)])
        let path = TestServer.uniquePath()
        seed(raw, #"{"from": "raw"}"#, for: service.resource(path))
        seed(decoded, #"{"from": "#, for: service.resource(path))
        let resource = service.resource(path)
        let recorder = LoadingStateRecorder()
        recorder.observe(resource)
        await completion(of: try #require(resource.loadIfNeeded()))
        #expect(resource.jsonDict["from"] as? String == "raw")
        #expect(decoded.log.first == "read \(path)")
        #expect(raw.log.first == "read \(path)")
        #expect(try await TestServer.shared().requestCount(forPath: path) == 0)
    }

    @Test("an entry every stage rejects falls back to the network")
    func fallsBackToNetwork() async throws {
        let cache = MemoryEntityCache()
        let service = try await service(cachingAt: [(.rawData, cache)])
        let path = TestServer.uniquePath()
        seed(cache, "[1, 2", for: service.resource(path))
        let resource = service.resource(path)
        let recorder = LoadingStateRecorder()
        recorder.observe(resource)
        let info = await completion(of: try #require(resource.loadIfNeeded()))
        #expect(info.isNew)
        #expect(resource.latestError == nil)
        #expect(
            recorder.entries == [
                "observerAdded loading=false", "requested loading=true", "newData(network) loading=false",
            ])
        #expect(try await TestServer.shared().requestCount(forPath: path) == 1)
    }

    @Test("a cache with no key for a resource is never asked for its queue or entries")
    func declinedResourceNeverTouchesCache() async throws {
        let cache = DecliningCache()
        let service = try await TestServer.service()
        service.configure { $0.pipeline[.rawData].cacheUsing(cache) }
        let resource = service.resource(TestServer.uniquePath())
        resource.addObserver(owner: cache) { _, _ in }
        await completion(of: try #require(resource.loadIfNeeded()))
        await completion(of: resource.load())
        resource.overrideLocalContent(with: ["local": true])
        resource.wipe()
        #expect(resource.latestData == nil)
        #expect(cache.log.isEmpty)
    }
}

/// A cache whose reads wait until the test opens the gate, on a queue of its own.
private final class GatedCache: EntityCache {
    private let gate = DispatchSemaphore(value: 0)
    private let queue = DispatchQueue(label: "GatedCache")

    /// Lets the waiting read (and every later one) go on.
    func open() { gate.signal() }

    @MainActor
    func key(for resource: Resource) -> String? { resource.url.absoluteString }

    func readEntity(forKey key: String) throws -> Entity<Data>? {
        gate.wait()
        gate.signal()
        return nil
    }

    func writeEntity(_ entity: Entity<Data>, forKey key: String) throws {}

    func removeEntity(forKey key: String) throws {}

    var workQueue: DispatchQueue { queue }
}

@MainActor
@Suite("A stand-in load overtaken while the cache read waits")
struct EntityCacheOvertakenReadTests {
    /// A resource whose cache read waits for `cache.open()`, observed by `recorder`, and the
    /// stand-in load `loadIfNeeded()` returned for it.
    private func waitingRead() async throws -> (
        cache: GatedCache, resource: Resource, path: String, recorder: LoadingStateRecorder, standIn: any Request
    ) {
        let cache = GatedCache()
        let service = try await TestServer.service()
        service.configure { $0.pipeline[.rawData].cacheUsing(cache) }
        let path = TestServer.uniquePath()
        let resource = service.resource(path)
        let recorder = LoadingStateRecorder()
        recorder.observe(resource)
        let standIn = try #require(resource.loadIfNeeded())
        return (cache, resource, path, recorder, standIn)
    }

    @Test("load() during the read: the stand-in follows it, no notModified, one request")
    func explicitLoadDuringRead() async throws {
        let (cache, resource, path, recorder, standIn) = try await waitingRead()
        await completion(of: resource.load())
        cache.open()
        let info = await completion(of: standIn)
        #expect(entity(of: info) != nil)
        #expect(
            recorder.entries == [
                "observerAdded loading=false", "requested loading=true", "newData(network) loading=false",
            ])
        #expect(!resource.isLoading)
        #expect(try await TestServer.shared().requestCount(forPath: path) == 1)
    }

    @Test("local data during the read: the stand-in ends with notModified and sends nothing")
    func overrideDuringRead() async throws {
        let (cache, resource, path, recorder, standIn) = try await waitingRead()
        resource.overrideLocalContent(with: ["local": true])
        // The stand-in is still the load in progress until the read ends.
        #expect(resource.loadIfNeeded() === standIn)
        cache.open()
        let info = await completion(of: standIn)
        #expect(info.isNew, "the request gets the data as new; observers hear notModified")
        #expect(!resource.isLoading)
        #expect(
            recorder.entries == [
                "observerAdded loading=false", "newData(localOverride) loading=true", "notModified loading=false",
            ])
        #expect(try await TestServer.shared().requestCount(forPath: path) == 0)
    }
}
