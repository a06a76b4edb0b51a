import DemoAPI
import Foundation
@preconcurrency import OpenCombine
import Squid
import TestSupport
import Testing

/// Squid 1.x's failure tests, over HTTP to the demo server.
@Suite("Squid 1.x: failures")
struct OriginalFailureTests {

    @Test("401 is reported as requestFailed")
    func test401() async throws {
        try await withDemoServer { server in
            let expectation = Expectation()

            let service = MyApi(url: apiUrl(server))
            let request = AuthorizeRequest()
            let response = request.schedule(with: service)

            let c =
                response
                .sink(
                    receiveCompletion: { completion in
                        switch completion {
                        case .failure(let error):
                            switch error {
                            case .requestFailed(statusCode: 401, response: _):
                                expectation.fulfill()
                            default:
                                return
                            }
                        default:
                            return
                        }
                    }, receiveValue: { _ in })

            await expectation.wait(timeout: 10)
            c.cancel()
        }
    }

    @Test("an unknown host fails")
    func test404() async throws {
        let expectation = Expectation()

        let service = My404Api()
        let request = UsersRequest()
        let response = request.schedule(with: service)

        let c = response.sink(
            receiveCompletion: { completion in
                if case .failure = completion {
                    expectation.fulfill()
                }
            },
            receiveValue: { _ in }
        )

        await expectation.wait(timeout: 30)
        c.cancel()
    }

    @Test("a service maps errors to its own type")
    func testErrorMapping() async throws {
        try await withDemoServer { server in
            let expectation = Expectation()

            let service = ErrorMappingApi(url: apiUrl(server))
            let request = UserByIdRequest(id: 999)
            let response = request.schedule(with: service)

            let c = response.sink(receiveCompletion: { completion in
                if case .failure(.notFound) = completion {
                    expectation.fulfill()
                }
            }) { _ in }

            await expectation.wait(timeout: 10)
            c.cancel()
        }
    }
}

private struct UserByIdRequest: JsonRequest {
    typealias Result = UserContainer

    let id: Int

    var routes: HttpRoute {
        return ["users", id]
    }
}
