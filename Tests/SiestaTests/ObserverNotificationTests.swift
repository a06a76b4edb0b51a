import Foundation
import Siesta
import TestSupport
import Testing

@MainActor
@Suite("Observers during notification, release and at scale")
struct ObserverNotificationTests {
    @Test("an observer whose owner goes away while an event is delivered does not receive it")
    func ownerDiesMidNotification() async throws {
        let service = try await TestServer.service()
        let resource = service.resource(TestServer.uniquePath())
        var log: [String] = []
        let first = NSObject()
        var doomed: NSObject? = NSObject()
        let last = NSObject()
        resource.addObserver(owner: first) { _, event in
            log.append("first \(event)")
            if case .newData = event { doomed = nil }
        }
        let doomedRecorder = EventRecorder()
        resource.addObserver(doomedRecorder, owner: doomed!)
        resource.addObserver(owner: last) { _, event in log.append("last \(event)") }
        await completion(of: resource.load())
        #expect(
            log == [
                "first observerAdded", "last observerAdded", "first requested", "last requested",
                "first newData(network)", "last newData(network)",
            ])
        #expect(doomedRecorder.events == ["observerAdded", "requested"])
        resource.overrideLocalContent(with: "again")
        #expect(doomedRecorder.stoppedCount == 1)
        #expect(log.last == "last newData(localOverride)")
    }

    @Test("an observer removed while an event is delivered does not receive it")
    func removedMidNotification() async throws {
        let service = try await TestServer.service()
        let resource = service.resource(TestServer.uniquePath())
        let remover = NSObject()
        let removedOwner = NSObject()
        let removed = EventRecorder()
        resource.addObserver(owner: remover) { resource, event in
            if case .newData = event { resource.removeObservers(ownedBy: removedOwner) }
        }
        resource.addObserver(removed, owner: removedOwner)
        await completion(of: resource.load())
        #expect(removed.events == ["observerAdded", "requested"])
        await waitUntil("stoppedObserving") { removed.stoppedCount == 1 }
    }

    @Test("an observer added while an event is delivered starts with the next event")
    func addedMidNotification() async throws {
        let service = try await TestServer.service()
        let resource = service.resource(TestServer.uniquePath())
        let owner = NSObject()
        let late = EventRecorder()
        resource.addObserver(owner: owner) { resource, event in
            if case .requested = event { resource.addObserver(late, owner: owner) }
        }
        await completion(of: resource.load())
        #expect(late.events == ["observerAdded", "newData(network)"])
    }

    @Test("flushUnusedResources tells observers whose owners are gone, and releases the resource")
    func flushSendsStoppedObserving() async throws {
        let service = try await TestServer.service()
        let path = TestServer.uniquePath()
        let recorder = EventRecorder()
        weak var released: Resource?
        do {
            let resource = service.resource(path)
            released = resource
            var owner: NSObject? = NSObject()
            resource.addObserver(recorder, owner: owner!)
            await completion(of: resource.load())
            owner = nil
        }
        #expect(recorder.stoppedCount == 0)
        service.flushUnusedResources()
        #expect(recorder.stoppedCount == 1)
        // The service lets go of it at once; the object goes with its last reference, which under
        // load can be dropped a moment later.
        await waitUntil("the flushed resource to be gone") { released == nil }
    }

    @Test("a resource released by the count limit tells observers whose owners are gone")
    func countLimitSendsStoppedObserving() async throws {
        let service = try await TestServer.service()
        service.cachedResourceCountLimit = 1
        let recorder = EventRecorder()
        do {
            let resource = service.resource(TestServer.uniquePath())
            var owner: NSObject? = NSObject()
            resource.addObserver(recorder, owner: owner!)
            await completion(of: resource.load())
            owner = nil
        }
        #expect(recorder.stoppedCount == 0)
        _ = service.resource(TestServer.uniquePath())
        #expect(recorder.stoppedCount == 1)
    }

    @Test("two thousand closure observers each receive every event once, in the order they were added")
    func manyObservers() async throws {
        let service = try await TestServer.service()
        let resource = service.resource(TestServer.uniquePath())
        let owners = (0..<2_000).map { _ in NSObject() }
        var calls: [Int] = []
        calls.reserveCapacity(8_000)
        for (index, owner) in owners.enumerated() {
            resource.addObserver(owner: owner) { _, _ in calls.append(index) }
            // Leaves the main actor to the suites running alongside now and then.
            if index % 100 == 0 { await Task.yield() }
        }
        #expect(calls == Array(0..<2_000))
        await completion(of: resource.load())
        #expect(calls.count == 6_000)
        #expect(Array(calls[2_000..<4_000]) == Array(0..<2_000))
        #expect(Array(calls[4_000..<6_000]) == Array(0..<2_000))
        for (index, owner) in owners.prefix(500).enumerated() {
            resource.removeObservers(ownedBy: owner)
            if index % 100 == 0 { await Task.yield() }
        }
        resource.overrideLocalContent(with: "after")
        #expect(Array(calls[6_000...]) == Array(500..<2_000))
    }
}

@MainActor
@Suite("Observers that own themselves and have other owners")
struct ObserverSelfOwnershipTests {
    @Test("an observer added with an owner and then as its own owner is not kept alive by the resource")
    func ownedThenSelfOwned() async throws {
        let service = try await TestServer.service()
        let resource = service.resource(TestServer.uniquePath())
        var recorder: EventRecorder? = EventRecorder()
        weak let weakRecorder = recorder
        var other: NSObject? = NSObject()
        resource.addObserver(recorder!, owner: other!)
        resource.addObserver(recorder!)
        other = nil
        await completion(of: resource.load())
        #expect(recorder?.events == ["observerAdded", "requested", "newData(network)"])
        recorder = nil
        #expect(weakRecorder == nil)
    }

    @Test("a self-owned observer given another owner is kept alive by the resource while that owner lives")
    func selfOwnedThenOwned() async throws {
        let service = try await TestServer.service()
        let resource = service.resource(TestServer.uniquePath())
        var recorder: EventRecorder? = EventRecorder()
        weak let weakRecorder = recorder
        var other: NSObject? = NSObject()
        resource.addObserver(recorder!)
        resource.addObserver(recorder!, owner: other!)
        recorder = nil
        #expect(weakRecorder != nil)
        await completion(of: resource.load())
        #expect(weakRecorder?.events == ["observerAdded", "requested", "newData(network)"])
        other = nil
        resource.overrideLocalContent(with: "after")
        #expect(weakRecorder == nil)
    }

    @Test("an observer removed and added again in one turn hears stoppedObserving, then observerAdded, each time")
    func removedAndReadded() async throws {
        let service = try await TestServer.service()
        let resource = service.resource(TestServer.uniquePath())
        let recorder = EventRecorder()
        // Siesta's ResourceObserversSpec: "receives a notification every time it is removed and re-added".
        for _ in 0...3 {
            resource.addObserver(recorder)
            resource.removeObservers(ownedBy: recorder)
        }
        await waitUntil("the last stoppedObserving") { recorder.stoppedCount == 4 }
        #expect(recorder.timeline == Array(repeating: ["observerAdded", "stoppedObserving"], count: 4).flatMap { $0 })
        // "re-retains resource when observers added again": the pending removal completes first.
        resource.addObserver(recorder)
        #expect(recorder.timeline.suffix(1) == ["observerAdded"])
        await completion(of: resource.load())
        #expect(recorder.events.suffix(2) == ["requested", "newData(network)"])
    }

    @Test("stoppedObserving may ask the service for resources while the count limit releases others")
    func stoppedObservingCreatesResources() async throws {
        let service = try await TestServer.service()
        var created: [Resource] = []
        let stopper = StopCallback { created.append(service.resource(TestServer.uniquePath())) }
        do {
            var owner: NSObject? = NSObject()
            for _ in 0..<3 {
                service.resource(TestServer.uniquePath()).addObserver(stopper, owner: owner!)
            }
            owner = nil
        }
        // Lowering the limit releases the three; each stoppedObserving makes a resource, which
        // checks the limit again from inside the release.
        service.cachedResourceCountLimit = 2
        #expect(created.count == 3)
        let again = service.resource(TestServer.uniquePath())
        #expect(Set(created.map { ObjectIdentifier($0) }).count == 3)
        await completion(of: again.load())
        #expect(again.latestData != nil)
    }
}

/// An observer that runs a closure when it stops observing.
@MainActor
private final class StopCallback: ResourceObserver {
    let onStop: @MainActor () -> Void

    init(onStop: @escaping @MainActor () -> Void) {
        self.onStop = onStop
    }

    func resourceChanged(_ resource: Resource, event: ResourceEvent) {}

    func stoppedObserving(resource: Resource) { onStop() }
}

/// A value-type observer that counts the times it is told it stopped observing.
@MainActor
private struct StopCounter: ResourceObserver {
    let box: StopBox
    func resourceChanged(_ resource: Resource, event: ResourceEvent) {}
    func stoppedObserving(resource: Resource) { box.count += 1 }
}

/// Where a ``StopCounter`` counts.
@MainActor
private final class StopBox {
    var count = 0
}

@MainActor
@Suite("Observers held only by the resource, and stoppedObserving")
struct ObserverReleaseTests {
    @Test("a self-owned observer is released as soon as nothing else holds it, with no event in between")
    func selfOwnedReleasedAtOnce() async throws {
        let service = try await TestServer.service()
        weak var weakResource: Resource?
        weak var weakRecorder: EventRecorder?
        do {
            let resource = service.resource(TestServer.uniquePath())
            weakResource = resource
            let recorder = EventRecorder()
            weakRecorder = recorder
            resource.addObserver(recorder)
        }
        #expect(weakRecorder == nil)
        service.flushUnusedResources()
        #expect(weakResource == nil)
    }

    @Test("observers held only by the resource hear stoppedObserving when removed or when their owner goes")
    func heldOnlyByResourceAreTold() async throws {
        let service = try await TestServer.service()
        let resource = service.resource(TestServer.uniquePath())
        let removedBox = StopBox()
        let remover = NSObject()
        resource.addObserver(StopCounter(box: removedBox), owner: remover)
        resource.removeObservers(ownedBy: remover)
        await waitUntil("stoppedObserving after removal") { removedBox.count == 1 }

        var owner: NSObject? = NSObject()
        let objectBox = StopBox()
        let valueBox = StopBox()
        weak var weakObserver: StopCallback?
        do {
            let observer = StopCallback { objectBox.count += 1 }
            weakObserver = observer
            resource.addObserver(observer, owner: owner!)
            resource.addObserver(StopCounter(box: valueBox), owner: owner!)
        }
        #expect(weakObserver != nil)
        owner = nil
        await completion(of: resource.load())
        #expect(objectBox.count == 1)
        #expect(valueBox.count == 1)
        #expect(weakObserver == nil)
        #expect(removedBox.count == 1)
    }

    @Test("an observer removed, added and removed again in one turn hears stoppedObserving for each removal, in order")
    func removedTwiceToldTwice() async throws {
        let service = try await TestServer.service()
        let resource = service.resource(TestServer.uniquePath())
        let owner = NSObject()
        let recorder = EventRecorder()
        resource.addObserver(recorder, owner: owner)
        resource.removeObservers(ownedBy: owner)
        resource.addObserver(recorder, owner: owner)
        resource.removeObservers(ownedBy: owner)
        await waitUntil("the second stoppedObserving") { recorder.stoppedCount == 2 }
        #expect(recorder.timeline == ["observerAdded", "stoppedObserving", "observerAdded", "stoppedObserving"])
    }
}
