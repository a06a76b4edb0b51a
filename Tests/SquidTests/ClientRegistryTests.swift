import Foundation
import Testing

@testable import Squid

@Suite("the process-wide HTTP clients")
struct ClientRegistryTests {

    @Test("equal configurations share one client, different ones get their own, shutdown starts afresh")
    func sharing() async throws {
        let registry = ClientRegistry()
        let quick = SessionConfiguration(timeout: 5)
        let first = registry.client(for: quick)
        let again = registry.client(for: SessionConfiguration(timeout: 5))
        let other = registry.client(for: SessionConfiguration(connectTimeout: 1))
        #expect(first === again)
        #expect(first !== other)
        try await registry.shutdownAll()
        let fresh = registry.client(for: quick)
        #expect(fresh !== first)
        try await registry.shutdownAll()
    }
}
