import DemoAPI
import Foundation
@preconcurrency import OpenCombine
import Squid
import TestSupport
import Testing

/// Squid 1.x's retrier tests, over HTTP to the demo server.
@Suite("Squid 1.x: retriers")
struct OriginalRetrierTests {

    @Test("the default backoff retrier outlasts 20 s of throttling")
    func testBackoffRetrier() async throws {
        try await withDemoServer { server in
            let expectation = Expectation()
            let service = MyRetryingApi(url: apiUrl(server))
            let request = ThrottledRequest()
            let c = request.schedule(with: service).ignoreError()
                .sink { _ in
                    expectation.fulfill()
                }

            // The stubs answered at once, so the original's 33 s began with the first attempt; a
            // busy test process may take seconds to send it, so the same 33 s start there.
            await waitUntil("the first attempt", timeout: 30) { server.requestCount(forPath: "/throttle") > 0 }
            await expectation.wait(timeout: 33)
            c.cancel()
        }
    }

    @Test("a Future retrier refreshes the token after a 401")
    func testTokenRefreshRetrier() async throws {
        try await withDemoServer { server in
            let expectation = Expectation()

            let store = MyStore()
            let auth = MyAuthApi(store: store, url: apiUrl(server))
            let api = MyProtectedApi(auth: auth)

            let request = ProtectedRequest()
            let c = request.schedule(with: api).sink(receiveCompletion: { _ in }) { value in
                #expect(value.token == "mytoken")
                expectation.fulfill()
            }

            await expectation.wait(timeout: 10)
            #expect(server.requestCount(forPath: "/auth") == 2)
            #expect(server.requestCount(forPath: "/token") == 1)
            c.cancel()
        }
    }

    @Test("a Future async header is sent")
    func testAsyncHeader() async throws {
        try await withDemoServer { server in
            let expectation = Expectation()

            let api = MyAsyncProtectedApi(url: apiUrl(server))
            let c = ProtectedRequest().schedule(with: api).ignoreError().sink { value in
                #expect(value.token == "mytoken")
                expectation.fulfill()
            }

            await expectation.wait(timeout: 10)
            c.cancel()
        }
    }
}
