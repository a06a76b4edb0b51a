import Foundation
import Testing

@testable import Browser
@testable import BrowserRuntime

/// This run's versions: counted per resource, their older bodies within a budget.
@MainActor
@Suite("versions kept for the timeline")
struct VersionStoreTests {
    private static func text(_ value: String) -> ChangeDetector.Version { .text(value) }

    @Test("each version comes back with the body before it; older bodies past the budget are let go")
    func budget() throws {
        let store = VersionStore(bodyBudget: 100)
        let first = store.add(
            url: "/a", event: "newData(network)", time: 1, body: Self.text("one"), size: 3, memory: 60)
        #expect(first.previous == nil)
        let second = store.add(
            url: "/a", event: "newData(network)", time: 2, body: Self.text("two"), size: 3, memory: 60)
        guard case .text("one")? = second.previous else {
            Issue.record("the first body came back: \(String(describing: second.previous))")
            return
        }
        // 60 bytes older than the newest: within the budget, kept.
        #expect(store.body(of: first.version.id) != nil)
        let third = store.add(
            url: "/a", event: "newData(network)", time: 3, body: Self.text("three"), size: 5, memory: 60)
        guard case .text("two")? = third.previous else {
            Issue.record("the second body came back")
            return
        }
        // 120 bytes older than the newest: the oldest goes, its row stays.
        #expect(store.body(of: first.version.id) == nil)
        #expect(store.body(of: second.version.id) != nil)
        let versions = store.versions(of: "/a")
        #expect(versions.map(\.id) == [first.version.id, second.version.id, third.version.id])
        #expect(versions.map(\.hasBody) == [false, true, true])
    }

    @Test("at most the last hundred versions of a resource are kept, apart from other resources'")
    func count() {
        let store = VersionStore()
        for index in 0..<(ResourceVersion.maximumPerResource + 20) {
            _ = store.add(url: "/a", event: "e", time: Double(index), body: Self.text("\(index)"), size: 1, memory: 1)
        }
        _ = store.add(url: "/b", event: "e", time: 0, body: Self.text("b"), size: 1, memory: 1)
        #expect(store.versions(of: "/a").count == ResourceVersion.maximumPerResource)
        #expect(store.versions(of: "/a").first?.time == 20)
        #expect(store.versions(of: "/b").count == 1)
    }
}
