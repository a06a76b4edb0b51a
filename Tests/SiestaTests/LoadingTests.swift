import DemoAPI
import Foundation
import Siesta
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@MainActor
@Suite("load() and loadIfNeeded() over real HTTP")
struct LoadingTests {
    @Test("load() parses JSON into jsonDict and text into text")
    func parsesJSONAndText() async throws {
        let service = try await TestServer.service()
        let user = service.resource("/users/1")
        let info = await completion(of: user.load())
        #expect(entity(of: info) != nil)
        #expect(user.jsonDict["id"] as? Int == 1)
        #expect(user.latestData?.contentType == "application/json; charset=utf-8")
        #expect(user.latestData?.charset == "utf-8")
        #expect(user.latestData?.etag != nil)
        #expect(user.latestData?.header(forKey: "CONTENT-TYPE")?.hasPrefix("application/json") == true)

        let text = service.resource("/text")
        await completion(of: text.load())
        #expect(!text.text.isEmpty)
        #expect(text.latestData?.content is String)
        #expect(text.jsonDict.isEmpty)
    }

    @Test("loadIfNeeded() returns the load in flight instead of sending another")
    func loadIfNeededDeduplicates() async throws {
        let server = try await TestServer.shared()
        let service = try await TestServer.service()
        let path = TestServer.uniquePath()
        let resource = service.resource(path)
        let first = try #require(resource.loadIfNeeded())
        let second = try #require(resource.loadIfNeeded())
        #expect(first === second)
        #expect(resource.loadRequests.count == 1)
        #expect(resource.isLoading)
        await completion(of: first)
        #expect(!resource.isLoading)
        #expect(resource.loadIfNeeded() == nil)
        #expect(server.requestCount(forPath: path) == 1)
    }

    @Test("load() always sends, even with a load in flight")
    func loadAlwaysSends() async throws {
        let server = try await TestServer.shared()
        let service = try await TestServer.service()
        let path = TestServer.uniquePath()
        let resource = service.resource(path)
        let first = resource.load()
        let second = resource.load()
        #expect(first !== second)
        #expect(resource.loadRequests.count == 2)
        await completion(of: first)
        await completion(of: second)
        #expect(server.requestCount(forPath: path) == 2)
        #expect(resource.loadRequests.isEmpty)
    }

    @Test("data goes stale after expirationTime, and loadIfNeeded() loads again")
    func expiration() async throws {
        let server = try await TestServer.shared()
        let service = try await TestServer.service()
        // The entity's timestamp is taken where the response is parsed, before the hop to the
        // main actor, which a loaded machine can delay by seconds.
        service.configure { $0.expirationTime = TestTime.scaled(3) }
        let path = TestServer.uniquePath()
        let resource = service.resource(path)
        // Checked in the turn the data arrives, however late a loaded machine resumes the test.
        var upToDate = false
        var second: (any Request)?
        await completion(
            of: try #require(resource.loadIfNeeded()).onCompletion { _ in
                upToDate = resource.isUpToDate
                second = resource.loadIfNeeded()
            })
        #expect(upToDate)
        #expect(second == nil)
        await waitUntil("the data to go stale", timeout: 20) { !resource.isUpToDate }
        #expect(!resource.isUpToDate)
        await completion(of: try #require(resource.loadIfNeeded()))
        #expect(server.requestCount(forPath: path) == 2)
    }

    @Test("after an error, loadIfNeeded() waits retryTime before trying again")
    func retryTime() async throws {
        let service = try await TestServer.service()
        // The error's timestamp is taken where the response is parsed, before the hop to the
        // main actor, which a loaded machine can delay by seconds.
        service.configure { $0.retryTime = TestTime.scaled(3) }
        let resource = service.resource("/errors/500")
        // Checked in the turn the error arrives, however late a loaded machine resumes the test.
        var upToDate = false
        var second: (any Request)?
        await completion(
            of: resource.load().onCompletion { _ in
                upToDate = resource.isUpToDate
                second = resource.loadIfNeeded()
            })
        #expect(resource.latestError != nil)
        #expect(upToDate)
        #expect(second == nil)
        await waitUntil("retryTime to pass", timeout: 20) { !resource.isUpToDate }
        #expect(resource.loadIfNeeded() != nil)
    }

    @Test("invalidate() makes the next loadIfNeeded() load and keeps data and error")
    func invalidate() async throws {
        let server = try await TestServer.shared()
        let service = try await TestServer.service()
        let path = TestServer.uniquePath()
        let resource = service.resource(path)
        await completion(of: resource.load())
        let data = try #require(resource.latestData)
        resource.invalidate()
        #expect(!resource.isUpToDate)
        #expect(resource.latestData?.timestamp == data.timestamp)
        let reload = try #require(resource.loadIfNeeded())
        await completion(of: reload)
        #expect(resource.isUpToDate)
        #expect(server.requestCount(forPath: path) == 2)
    }

    @Test("a 304 keeps the entity, refreshes its timestamp, and fires onNotModified")
    func notModified() async throws {
        let service = try await TestServer.service()
        let resource = service.resource("/users/2")
        await completion(of: resource.load())
        let first = try #require(resource.latestData)
        #expect(first.etag != nil)
        // The 304's refreshed timestamp must be able to differ from the first one.
        await waitForClock(toPass: first.timestamp)
        var notModifiedCalls = 0
        var newDataCalls = 0
        let info = await completion(
            of: resource.load()
                .onNotModified { notModifiedCalls += 1 }
                .onNewData { _ in newDataCalls += 1 })
        #expect(!info.isNew)
        #expect(notModifiedCalls == 1)
        #expect(newDataCalls == 0)
        let second = try #require(resource.latestData)
        #expect(second.timestamp > first.timestamp)
        #expect(second.etag == first.etag)
        #expect(resource.jsonDict["id"] as? Int == 2)
    }

    @Test("load(using:) promotes a PUT to a load whose response becomes latestData")
    func loadUsing() async throws {
        let service = try await TestServer.service()
        let echo = service.resource(TestServer.uniquePath())
        let recorder = EventRecorder()
        echo.addObserver(recorder)
        var sawDataInHook = false
        let request = echo.load(
            using: echo.request(.put, json: ["name": "Fred"])
                .onSuccess { _ in sawDataInHook = echo.latestData != nil })
        await completion(of: request)
        #expect(sawDataInHook)
        #expect(echo.jsonDict["method"] as? String == "PUT")
        #expect(recorder.events == ["observerAdded", "requested", "newData(network)"])
    }

    @Test("gzip-compressed responses are decompressed by both transports")
    func decompression() async throws {
        for networking: (any NetworkingProviderConvertible)? in [nil, URLSessionConfiguration.ephemeral] {
            let service = try await TestServer.service(networking: networking)
            let resource = service.resource("/compressed")
            await completion(of: resource.load())
            #expect(resource.latestError == nil)
            #expect(resource.jsonDict["compressed"] as? Bool == true)
            #expect((resource.jsonDict["items"] as? [Any])?.count == 20)
        }
    }

    @Test("a URLSession transport works too")
    func urlSessionProvider() async throws {
        let service = try await TestServer.service(networking: URLSessionConfiguration.ephemeral)
        let resource = service.resource("/users/3")
        let info = await completion(of: resource.load())
        #expect(error(of: info) == nil)
        #expect(resource.jsonDict["id"] as? Int == 3)
        await completion(of: service.resource("/errors/404").load())
        #expect(service.resource("/errors/404").latestError?.httpStatusCode == 404)
    }
}
