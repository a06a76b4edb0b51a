import Browser
import Foundation

/// This run's versions of every resource's data, with their bodies while memory allows: at
/// most ``ResourceVersion/maximumPerResource`` per resource, and bodies other than each
/// resource's newest within ``bodyBudget`` bytes (the oldest are let go first; their rows stay).
@MainActor
final class VersionStore {
    /// Bytes of kept bodies beyond each resource's newest.
    let bodyBudget: Int
    private var versions: [String: [ResourceVersion]] = [:]
    private var bodies: [Int: (version: ChangeDetector.Version, size: Int)] = [:]
    /// Ids of kept bodies that are not their resource's newest, oldest first.
    private var olderBodies: [Int] = []
    private var olderBytes = 0
    private var nextID = 1
    /// The number the next version of each resource gets.
    private var nextNumbers: [String: Int] = [:]

    /// Creates an empty store.
    init(bodyBudget: Int = 128 * 1024 * 1024) {
        self.bodyBudget = bodyBudget
    }

    /// The versions of `url`, oldest first.
    func versions(of url: String) -> [ResourceVersion] { versions[url] ?? [] }

    /// The number of version `id` of `url` among that resource's versions (``ResourceVersion/number``),
    /// while the version is kept.
    func number(of id: Int, url: String) -> Int? {
        versions[url]?.first { $0.id == id }?.number
    }

    /// The body of version `id`, while it is kept.
    func body(of id: Int) -> ChangeDetector.Version? { bodies[id]?.version }

    /// Adds a version of `url` (`size`: its body's size as shown; `memory`: the bytes keeping it
    /// costs) and returns it with the body of the version before (nil for the first, or when that
    /// body was let go).
    func add(
        url: String, event: String, time: Double, body: ChangeDetector.Version, size: Int, memory: Int
    ) -> (version: ResourceVersion, previous: ChangeDetector.Version?) {
        var list = versions[url] ?? []
        let previousID = list.last?.id
        let previous = previousID.flatMap { bodies[$0]?.version }
        let number = nextNumbers[url, default: 1]
        nextNumbers[url] = number + 1
        let version = ResourceVersion(id: nextID, number: number, url: url, time: time, event: event, size: size)
        nextID += 1
        list.append(version)
        if let previousID, bodies[previousID] != nil {
            olderBodies.append(previousID)
            olderBytes += bodies[previousID]?.size ?? 0
        }
        while list.count > ResourceVersion.maximumPerResource {
            let dropped = list.removeFirst()
            dropBody(dropped.id)
        }
        bodies[version.id] = (body, memory)
        versions[url] = list
        while olderBytes > bodyBudget, let oldest = olderBodies.first {
            dropBody(oldest)
            markBodyless(oldest)
        }
        return (version, previous)
    }

    private func dropBody(_ id: Int) {
        guard let body = bodies.removeValue(forKey: id) else { return }
        if let index = olderBodies.firstIndex(of: id) {
            olderBodies.remove(at: index)
            olderBytes -= body.size
        }
    }

    private func markBodyless(_ id: Int) {
        for (url, list) in versions {
            guard let index = list.firstIndex(where: { $0.id == id }) else { continue }
            versions[url]?[index].hasBody = false
            return
        }
    }
}
