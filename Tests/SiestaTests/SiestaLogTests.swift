import Foundation
import NIOConcurrencyHelpers
import Siesta
import TestSupport
import Testing

@MainActor
@Suite("SiestaLog categories and secret masking", .serialized)
struct SiestaLogTests {
    @Test("enabled categories reach the handler, secrets in URLs are masked, disabled ones are silent")
    func categoriesAndMasking() async throws {
        let messages = NIOLockedValueBox<[String]>([])
        let previousHandler = SiestaLog.messageHandler
        defer {
            SiestaLog.enabledCategories = []
            SiestaLog.messageHandler = previousHandler
        }
        SiestaLog.messageHandler = { category, message in
            messages.withLockedValue { $0.append("\(category.rawValue): \(message)") }
        }
        SiestaLog.enabledCategories = [.network]
        let service = try await TestServer.service()
        service.configure { $0.headers["Authorization"] = "Bearer very-secret" }
        let path = TestServer.uniquePath()
        await completion(of: service.resource(path).withParams(["token": "hunter2", "page": "2"]).load())
        let logged = messages.withLockedValue { $0 }
        #expect(logged.contains { $0.hasPrefix("network: GET") && $0.contains(path) })
        #expect(logged.contains { $0.contains("token=•••") && $0.contains("page=2") })
        #expect(!logged.contains { $0.contains("hunter2") || $0.contains("very-secret") })
        #expect(!logged.contains { $0.hasPrefix("stateChanges") })
    }
}
