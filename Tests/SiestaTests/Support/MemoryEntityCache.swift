import Foundation
import NIOConcurrencyHelpers
import Siesta

/// An in-memory `EntityCache` that records what Siesta asks of it.
final class MemoryEntityCache: EntityCache {
    private struct State {
        var entries: [String: Entity<Data>] = [:]
        var log: [String] = []
    }

    private let state = NIOLockedValueBox(State())

    /// Operations performed, e.g. `"write /users/1"`.
    var log: [String] { state.withLockedValue { $0.log } }

    /// The stored entity for a URL string.
    func entry(_ key: String) -> Entity<Data>? { state.withLockedValue { $0.entries[key] } }

    /// Stores an entity directly, as an earlier run would have.
    func seed(_ entity: Entity<Data>, forKey key: String) {
        state.withLockedValue { $0.entries[key] = entity }
    }

    @MainActor
    func key(for resource: Resource) -> String? {
        resource.url.absoluteString
    }

    func readEntity(forKey key: String) throws -> Entity<Data>? {
        state.withLockedValue {
            $0.log.append("read \(URL(string: key)?.path ?? key)")
            return $0.entries[key]
        }
    }

    func writeEntity(_ entity: Entity<Data>, forKey key: String) throws {
        state.withLockedValue {
            $0.log.append("write \(URL(string: key)?.path ?? key)")
            $0.entries[key] = entity
        }
    }

    func updateEntityTimestamp(_ timestamp: TimeInterval, forKey key: String) throws {
        state.withLockedValue {
            $0.log.append("touch \(URL(string: key)?.path ?? key)")
            $0.entries[key]?.timestamp = timestamp
        }
    }

    func removeEntity(forKey key: String) throws {
        state.withLockedValue {
            $0.log.append("remove \(URL(string: key)?.path ?? key)")
            $0.entries[key] = nil
        }
    }
}
