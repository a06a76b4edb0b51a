import Foundation
import Siesta
import TestSupport
import Testing

@MainActor
@Suite("The event table of the Observers guide")
struct ResourceEventTests {
    @Test("observerAdded goes only to the new observer, at once")
    func observerAdded() async throws {
        let service = try await TestServer.service()
        let resource = service.resource("/users/1")
        let first = EventRecorder()
        let second = EventRecorder()
        resource.addObserver(first)
        #expect(first.events == ["observerAdded"])
        resource.addObserver(second)
        #expect(first.events == ["observerAdded"])
        #expect(second.events == ["observerAdded"])
    }

    @Test("requested sets isLoading; newData(network) sets data, clears the error, updates the timestamp")
    func requestedThenNewData() async throws {
        let service = try await TestServer.service()
        let resource = service.resource("/users/4")
        resource.overrideLocalData(with: Entity<Any>(content: "placeholder", contentType: "text/plain"))
        let recorder = EventRecorder()
        resource.addObserver(recorder)
        var loadingDuringRequested = false
        var busyDuringNewData: (isLoading: Bool, isRequesting: Bool)?
        resource.addObserver(owner: recorder) { resource, event in
            if event == .requested { loadingDuringRequested = resource.isLoading }
            if event == .newData(.network) { busyDuringNewData = (resource.isLoading, resource.isRequesting) }
        }
        let before = resource.timestamp
        await completion(of: resource.load())
        #expect(loadingDuringRequested)
        #expect(busyDuringNewData?.isLoading == false)
        #expect(busyDuringNewData?.isRequesting == false)
        #expect(recorder.events == ["observerAdded", "requested", "newData(network)"])
        #expect(!resource.isLoading)
        #expect(resource.latestError == nil)
        #expect(resource.jsonDict["id"] as? Int == 4)
        #expect(resource.timestamp > before)
    }

    @Test("error sets latestError and keeps latestData; newData clears the error again")
    func errorKeepsData() async throws {
        let service = try await TestServer.service()
        let resource = service.resource("/flaky")
        resource.overrideLocalData(with: Entity<Any>(content: ["old": true], contentType: "application/json"))
        let recorder = EventRecorder()
        resource.addObserver(recorder)
        var sawError = false
        var sawData = false
        for _ in 0..<4 where !(sawError && sawData) {
            await completion(of: resource.load())
            if resource.latestError != nil {
                sawError = true
                #expect(resource.latestData != nil)
                #expect(recorder.events.last == "error")
            } else {
                sawData = true
                #expect(recorder.events.last == "newData(network)")
                #expect(resource.jsonDict["old"] == nil)
            }
        }
        #expect(sawError && sawData)
    }

    @Test("requestCancelled leaves data and error alone and clears isLoading")
    func requestCancelled() async throws {
        let service = try await TestServer.service()
        let resource = service.resource("/slow").withParam("delay", "2000")
        resource.overrideLocalData(with: Entity<Any>(content: "kept", contentType: "text/plain"))
        let recorder = EventRecorder()
        resource.addObserver(recorder)
        let request = resource.load()
        var failures: [RequestError] = []
        request.onFailure { failures.append($0) }
        request.cancel()
        #expect(request.state == .completed)
        #expect(failures.count == 1)
        #expect(failures.first?.cause is RequestError.Cause.RequestCancelled)
        #expect(recorder.events == ["observerAdded", "requested", "requestCancelled"])
        #expect(resource.text == "kept")
        #expect(resource.latestError == nil)
        #expect(!resource.isLoading)
        request.cancel()
        #expect(failures.count == 1)
    }

    @Test("overrideLocalContent keeps the content type, clears the error and the invalidation")
    func localOverride() async throws {
        let service = try await TestServer.service()
        let resource = service.resource("/errors/500")
        await completion(of: resource.load())
        #expect(resource.latestError?.httpStatusCode == 500)
        let recorder = EventRecorder()
        resource.addObserver(recorder)
        resource.invalidate()
        resource.overrideLocalContent(with: ["a": 1])
        #expect(resource.latestError == nil)
        #expect(resource.isUpToDate)
        #expect(resource.latestData?.contentType == "application/binary")
        #expect(resource.jsonDict["a"] as? Int == 1)
        resource.overrideLocalContent(with: ["a": 2])
        #expect(resource.jsonDict["a"] as? Int == 2)
        #expect(recorder.events == ["observerAdded", "newData(localOverride)", "newData(localOverride)"])
    }

    @Test("wipe() cancels requests, clears everything and sends newData(wipe)")
    func wipe() async throws {
        let service = try await TestServer.service()
        let resource = service.resource("/slow").withParam("delay", "1500")
        resource.overrideLocalContent(with: "something")
        let recorder = EventRecorder()
        resource.addObserver(recorder)
        var cancelled = 0
        let load = resource.load()
        let plain = resource.request(.get).onFailure {
            if $0.cause is RequestError.Cause.RequestCancelled { cancelled += 1 }
        }
        load.onFailure { if $0.cause is RequestError.Cause.RequestCancelled { cancelled += 1 } }
        #expect(resource.isRequesting)
        resource.wipe()
        #expect(cancelled == 2)
        #expect(plain.state == .completed)
        #expect(resource.latestData == nil)
        #expect(resource.latestError == nil)
        #expect(!resource.isLoading && !resource.isRequesting)
        #expect(recorder.events.suffix(2) == ["requestCancelled", "newData(wipe)"])
    }

    @Test("observers receive progress of load requests")
    func observerProgress() async throws {
        let service = try await TestServer.service()
        let resource = service.resource("/download").withParams(["bytes": "100000", "chunk": "10000", "delay": "30"])
        let recorder = EventRecorder()
        resource.addObserver(recorder)
        await completion(of: resource.load())
        #expect(recorder.progress.last == 1)
        #expect(recorder.progress == recorder.progress.sorted())
    }
}
