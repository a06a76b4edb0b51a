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
            let request = ThrottledRequest(until: Date().addingTimeInterval(20))
            let c = request.schedule(with: service).ignoreError()
                .sink { _ in
                    expectation.fulfill()
                }

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
