import Foundation
import Siesta
import TestSupport
import Testing

/// A value-type observer: no identity, so never deduplicated.
@MainActor
private struct CountingObserver: ResourceObserver {
    let box: CountBox
    func resourceChanged(_ resource: Resource, event: ResourceEvent) { box.count += 1 }
}

/// A value-type observer that declares its own identity.
@MainActor
private struct IdentifiedObserver: ResourceObserver {
    let box: CountBox
    let id: String
    func resourceChanged(_ resource: Resource, event: ResourceEvent) { box.count += 1 }
    var observerIdentity: AnyHashable { id }
}

@MainActor
private final class CountBox {
    var count = 0
}

@MainActor
@Suite("Observer ownership rules")
struct ObserverOwnershipTests {
    let service = Service(baseURL: "http://127.0.0.1:9/")

    private func poke(_ resource: Resource) {
        resource.overrideLocalContent(with: "x")
    }

    @Test("a self-owned observer is held weakly and added once")
    func selfOwned() {
        let resource = service.resource("/a")
        var recorder: EventRecorder? = EventRecorder()
        weak let weakRecorder = recorder
        resource.addObserver(recorder!)
        resource.addObserver(recorder!)
        #expect(recorder?.events == ["observerAdded"])
        poke(resource)
        #expect(recorder?.events == ["observerAdded", "newData(localOverride)"])
        recorder = nil
        #expect(weakRecorder == nil)
        poke(resource)
    }

    @Test("an owned observer lives exactly as long as its owner")
    func ownedObserver() {
        let resource = service.resource("/b")
        let recorder = EventRecorder()
        var owner: NSObject? = NSObject()
        resource.addObserver(recorder, owner: owner!)
        poke(resource)
        #expect(recorder.events == ["observerAdded", "newData(localOverride)"])
        owner = nil
        poke(resource)
        #expect(recorder.events == ["observerAdded", "newData(localOverride)"])
        #expect(recorder.stoppedCount == 1)
    }

    @Test("an object observer with two owners stays until both are gone")
    func twoOwners() async {
        let resource = service.resource("/c")
        let recorder = EventRecorder()
        let first = NSObject()
        var second: NSObject? = NSObject()
        resource.addObserver(recorder, owner: first)
        resource.addObserver(recorder, owner: second!)
        #expect(recorder.events == ["observerAdded"])
        second = nil
        poke(resource)
        #expect(recorder.events.count == 2)
        resource.removeObservers(ownedBy: first)
        poke(resource)
        #expect(recorder.events.count == 2)
        await waitUntil("stoppedObserving") { recorder.stoppedCount == 1 }
    }

    @Test("structs and closures added twice are called twice; identified structs once")
    func duplicates() {
        let resource = service.resource("/d")
        let owner = NSObject()
        let box = CountBox()
        resource.addObserver(CountingObserver(box: box), owner: owner)
        resource.addObserver(CountingObserver(box: box), owner: owner)
        #expect(box.count == 2)
        var closureCalls = 0
        resource.addObserver(owner: owner) { _, _ in closureCalls += 1 }
        resource.addObserver(owner: owner) { _, _ in closureCalls += 1 }
        #expect(closureCalls == 2)
        let identified = CountBox()
        resource.addObserver(IdentifiedObserver(box: identified, id: "same"), owner: owner)
        resource.addObserver(IdentifiedObserver(box: identified, id: "same"), owner: owner)
        #expect(identified.count == 1)
        poke(resource)
        #expect(box.count == 4)
        #expect(closureCalls == 4)
        #expect(identified.count == 2)
    }

    @Test("removeObservers(ownedBy:) removes only that owner's observers and tells them on the next turn")
    func removeByOwner() async {
        let resource = service.resource("/e")
        let kept = EventRecorder()
        let removed = EventRecorder()
        let keeper = NSObject()
        let remover = NSObject()
        resource.addObserver(kept, owner: keeper)
        resource.addObserver(removed, owner: remover)
        resource.removeObservers(ownedBy: remover)
        #expect(removed.stoppedCount == 0)
        poke(resource)
        #expect(kept.events.count == 2)
        #expect(removed.events.count == 1)
        await waitUntil("stoppedObserving") { removed.stoppedCount == 1 }
        #expect(kept.stoppedCount == 0)
    }

    @Test("a closure observer stops when its owner goes, and is not kept alive by the resource")
    func closureOwner() {
        let resource = service.resource("/f")
        var owner: NSObject? = NSObject()
        var calls = 0
        resource.addObserver(owner: owner!) { _, _ in calls += 1 }
        poke(resource)
        #expect(calls == 2)
        owner = nil
        poke(resource)
        #expect(calls == 2)
    }

    @Test("cancelLoadIfUnobserved cancels loads only when nobody observes")
    func cancelIfUnobserved() async throws {
        let service = try await TestServer.service()
        let resource = service.resource("/slow").withParam("delay", "2000")
        let owner = NSObject()
        resource.addObserver(owner: owner) { _, _ in }
        let load = resource.load()
        resource.cancelLoadIfUnobserved()
        #expect(load.state == .inProgress)
        resource.removeObservers(ownedBy: owner)
        var called = false
        resource.cancelLoadIfUnobserved(afterDelay: 0.05) { called = true }
        await waitUntil("delayed cancel") { called }
        #expect(load.state == .completed)
        #expect(!resource.isLoading)
    }
}
