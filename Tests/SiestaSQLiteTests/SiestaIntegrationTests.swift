import DemoAPI
import Foundation
import Siesta
import SiestaSQLite
import TestSupport
import Testing

@MainActor
@Suite("Siesta loads through the cache over real HTTP")
struct SiestaIntegrationTests {
    /// A service on `server` whose raw data is cached in `cache`.
    private func service(_ server: DemoServer, cache: SQLiteEntityCache, expirationTime: TimeInterval? = nil) -> Service
    {
        let service = Service(baseURL: server.baseURL)
        service.configure { $0.pipeline[.rawData].cacheUsing(cache) }
        if let expirationTime {
            service.configure { $0.expirationTime = expirationTime }
        }
        return service
    }

    /// Loads `/users/1` through a service with a cache on `file`, waits until the cache holds
    /// it, and returns the loaded JSON and the cached entity.
    private func populate(_ file: URL, from server: DemoServer) async throws -> ([String: Any], Entity<Data>) {
        let cache = try SQLiteEntityCache(fileURL: file)
        let resource = service(server, cache: cache).resource("/users/1")
        let info = await completion(of: resource.load())
        #expect(entity(of: info) != nil)
        #expect(resource.jsonDict["id"] as? Int == 1)
        await drain(cache)
        let cached = try #require(try cache.readEntity(forKey: resource.url.absoluteString))
        return (resource.jsonDict, cached)
    }

    @Test("a fresh service shows the cached entity as newData(cache) before any request")
    func freshServiceReadsCache() async throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let server = try await DemoServer.start()
        do {
            let file = directory.file("cache.sqlite")
            let (original, cached) = try await populate(file, from: server)
            #expect(cached.contentType == "application/json; charset=utf-8")
            #expect(cached.etag != nil)
            let json = try JSONSerialization.jsonObject(with: cached.content) as? [String: Any]
            #expect(json?["id"] as? Int == 1)
            let requestsBefore = server.requestCount(forPath: "/users/1")
            #expect(requestsBefore == 1)

            let cache = try SQLiteEntityCache(fileURL: file)
            let resource = service(server, cache: cache).resource("/users/1")
            let recorder = EventRecorder()
            resource.addObserver(recorder)
            #expect(recorder.events == ["observerAdded"])
            await waitUntil("the cache read") { recorder.events.count >= 2 }

            #expect(recorder.events == ["observerAdded", "newData(cache)"])
            #expect(NSDictionary(dictionary: resource.jsonDict).isEqual(to: original))
            #expect(resource.latestData?.timestamp == cached.timestamp)
            #expect(!resource.isLoading)
            #expect(resource.isUpToDate)
            #expect(resource.loadIfNeeded() == nil)
            #expect(server.requestCount(forPath: "/users/1") == requestsBefore)
        }
        await server.shutdown()
    }

    @Test("stale cached data changed on the server: newData(cache), requested, newData(network)")
    func staleCacheThenNetwork() async throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let server = try await DemoServer.start()
        do {
            let file = directory.file("cache.sqlite")
            let (original, cached) = try await populate(file, from: server)
            let changer = Service(baseURL: server.baseURL)
            let patch = await completion(
                of: changer.resource("/users/1").request(.patch, json: ["name": "Changed Name"]))
            #expect(entity(of: patch) != nil)
            // The service below counts entities older than 0.01 s as stale.
            await waitForClock(toPass: cached.timestamp, by: 0.01)
            let requestsBefore = server.requestCount(forPath: "/users/1")

            let cache = try SQLiteEntityCache(fileURL: file)
            let resource = service(server, cache: cache, expirationTime: 0.01).resource("/users/1")
            let recorder = EventRecorder()
            resource.addObserver(recorder)
            let load = try #require(resource.loadIfNeeded())
            let info = await completion(of: load)

            #expect(entity(of: info) != nil)
            #expect(recorder.events == ["observerAdded", "newData(cache)", "requested", "newData(network)"])
            #expect(original["name"] as? String != "Changed Name")
            #expect(resource.jsonDict["name"] as? String == "Changed Name")
            #expect(server.requestCount(forPath: "/users/1") == requestsBefore + 1)

            await drain(cache)
            let updated = try #require(try cache.readEntity(forKey: resource.url.absoluteString))
            let json = try JSONSerialization.jsonObject(with: updated.content) as? [String: Any]
            #expect(json?["name"] as? String == "Changed Name")
        }
        await server.shutdown()
    }

    @Test("stale cached data unchanged on the server: the ETag gives notModified and a new cached timestamp")
    func staleCacheNotModified() async throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let server = try await DemoServer.start()
        do {
            let file = directory.file("cache.sqlite")
            let (original, cached) = try await populate(file, from: server)
            // The service below counts entities older than 0.01 s as stale.
            await waitForClock(toPass: cached.timestamp, by: 0.01)
            let requestsBefore = server.requestCount(forPath: "/users/1")

            let cache = try SQLiteEntityCache(fileURL: file)
            let resource = service(server, cache: cache, expirationTime: 0.01).resource("/users/1")
            let recorder = EventRecorder()
            resource.addObserver(recorder)
            let load = try #require(resource.loadIfNeeded())
            await completion(of: load)

            #expect(recorder.events == ["observerAdded", "newData(cache)", "requested", "notModified"])
            #expect(NSDictionary(dictionary: resource.jsonDict).isEqual(to: original))
            #expect(server.requestCount(forPath: "/users/1") == requestsBefore + 1)

            await drain(cache)
            let refreshed = try #require(try cache.readEntity(forKey: resource.url.absoluteString))
            #expect(refreshed.timestamp > cached.timestamp)
            #expect(refreshed.timestamp == resource.latestData?.timestamp)
            #expect(refreshed.content == cached.content)
        }
        await server.shutdown()
    }
}
