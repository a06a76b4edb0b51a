import DemoAPI
import Foundation
@preconcurrency import OpenCombine
import Squid
import TestSupport
import Testing

/// Squid 1.x's service hook tests, over HTTP to the demo server; "removing the stubs" becomes
/// shutting the server down.
@Suite("Squid 1.x: service hooks")
struct OriginalServiceHookTests {

    @Test("the caching hook answers the second request without the server")
    func testCachingHook() async throws {
        let server = try await DemoServer.start()
        // 1) Make valid request
        let exp1 = Expectation()

        let api = MyCachingApi(url: apiUrl(server))
        let request = UsersRequest()

        let c1 = request.schedule(with: api).ignoreError()
            .sink { _ in
                exp1.fulfill()
            }

        await exp1.wait(timeout: 10)
        c1.cancel()

        // 2) Make failing request and force cache usage
        await server.shutdown()
        let exp2 = Expectation()

        let c2 = request.schedule(with: api).ignoreError()
            .sink { users in
                #expect(users.count == 10)
                exp2.fulfill()
            }

        await exp2.wait(timeout: 10)
        c2.cancel()
    }

    @Test("a request that must not be cached goes to the server again")
    func testCachingHookIngnoreRequest() async throws {
        // Given
        let server = try await DemoServer.start()

        let api = MyCachingApi(url: apiUrl(server))
        let request = NotCachableUsersRequest()

        let exp1 = Expectation()
        let exp2 = Expectation()

        // When
        let c1 = request.schedule(with: api).ignoreError()
            .sink { _ in
                exp1.fulfill()
            }

        await exp1.wait(timeout: 10)
        c1.cancel()

        await server.shutdown()

        let c2 = request.schedule(with: api).sink { completion in
            if case .failure = completion {
                exp2.fulfill()
            }
        } receiveValue: { _ in
        }

        // Then
        await exp2.wait(timeout: 10)
        c2.cancel()
    }
}
