import DemoAPI
import Foundation
@preconcurrency import OpenCombine
import Squid
import TestSupport
import Testing

/// Squid 1.x's request tests, over HTTP to the demo server.
@Suite("Squid 1.x: requests")
struct OriginalRequestTests {

    @Test("AnyRequest from a URL, decoded by the publisher")
    func testAnyRequest() async throws {
        try await withDemoServer { server in
            Squid.Logger.silence(true)
            let expectation = Expectation()

            let request = AnyRequest(url: "\(apiUrl(server))/users")
            let task = request.schedule()
                .decode(type: [UserContainer].self, decoder: JSONDecoder())
                .ignoreError()
                .sink { users in
                    #expect(users.count == 10)
                    #expect(users[0].id == 1)
                    #expect(users[0].name == "Ada Lovelace")
                    #expect(users[1].username == "bkernighan")
                    expectation.fulfill()
                }

            await expectation.wait(timeout: 10)
            task.cancel()
            Squid.Logger.silence(false)
        }
    }

    @Test("AnyRequest for routes of a service")
    func testAnyRequestWithService() async throws {
        try await withDemoServer { server in
            let request = AnyRequest(
                .post, routes: ["echo", "any"], body: HttpData.Raw(Data("hi".utf8)), service: MyApi(url: apiUrl(server))
            )
            let echo = try JSONDecoder().decode(Echo.self, from: try await request.schedule().value)
            #expect(echo.method == "POST")
            #expect(echo.path == "/echo/any")
            #expect(echo.body == "hi")
        }
    }

    @Test("a JsonRequest against a service")
    func testRequest() async throws {
        try await withDemoServer { server in
            let expectation = Expectation()

            let service = MyApi(url: apiUrl(server))
            let request = UsersRequest()
            let c = request.schedule(with: service).ignoreError()
                .sink { users in
                    #expect(users.count == 10)
                    #expect(users[0].id == 1)
                    #expect(users[0].name == "Ada Lovelace")
                    #expect(users[1].username == "bkernighan")
                    expectation.fulfill()
                }

            await expectation.wait(timeout: 10)
            c.cancel()
        }
    }

    @Test("a POST with a JSON body")
    func testPostRequest() async throws {
        try await withDemoServer { server in
            let expectation = Expectation()

            let service = MyApi(url: apiUrl(server))
            let request = UserCreateRequest(user: .init(username: "jdoe", name: "John Doe", email: "john@example.org"))
            let c = request.schedule(with: service).ignoreError()
                .sink { user in
                    #expect(user.id == 11)
                    #expect(user.username == "jdoe")
                    #expect(user.name == "John Doe")
                    expectation.fulfill()
                }

            await expectation.wait(timeout: 10)
            c.cancel()
        }
    }

    @Test("an image body")
    func testImageRequest() async throws {
        try await withDemoServer { server in
            let expectation = Expectation()

            let image = Data((0..<30904).map { UInt8(truncatingIfNeeded: $0) })

            let service = MyApi(url: apiUrl(server))
            let request = UserImageUploadRequest(userId: 0, image: image)
            let c = request.schedule(with: service).ignoreError()
                .sink { echo in
                    #expect(echo.path == "/echo/users/0/image")
                    #expect(echo.headers["content-type"] == "image/jpeg")
                    #expect(echo.bodyLength == 30904)
                    #expect(echo.bodyData == image)
                    expectation.fulfill()
                }

            await expectation.wait(timeout: 10)
            c.cancel()
        }
    }

    @Test("query parameters")
    func testQueryRequest() async throws {
        try await withDemoServer { server in
            let expectation = Expectation()

            let service = MyApi(url: apiUrl(server))
            let request = UserNameRequest(lastname: "Doe")
            let c = request.schedule(with: service).ignoreError()
                .sink { echo in
                    #expect(echo.query == ["lastname": "Doe"])
                    expectation.fulfill()
                }

            await expectation.wait(timeout: 10)
            c.cancel()
        }
    }

    @Test("headers merged with +, the last value winning")
    func testHttpHeaders() async throws {
        try await withDemoServer { server in
            let expectation = Expectation()

            let service = MyApi(url: apiUrl(server))
            let request = LoginRequest()
            let c = request.schedule(with: service).ignoreError()
                .sink { echo in
                    #expect(echo.headers["authorization"] == "letmepass")
                    #expect(echo.headers["content-type"] == "application/json")
                    #expect(echo.headers["accept-language"] == "en")
                    expectation.fulfill()
                }

            await expectation.wait(timeout: 10)
            c.cancel()
        }
    }

    @Test("pagination driven by ticks")
    func testPaginationRequest() async throws {
        try await withDemoServer { server in
            let expectation = Expectation(expectedFulfillmentCount: 2)
            let expectationFinished = Expectation()

            let current = Recorder(0)

            let service = MyApi(url: apiUrl(server))
            let request = PaginatedUsersRequest()
            let paginator = request.schedule(
                forPaginationWith: service, chunk: 25, parameters: .init(page: "page", chunk: "perPage"),
                paginatedType: PaginationContainer.self
            )

            let ticks = PassthroughSubject<Void, Never>()

            let c = paginator.connect(with: ticks).sink(receiveCompletion: { completion in
                if case .finished = completion {
                    expectationFinished.fulfill()
                }
            }) { users in
                expectation.fulfill()
                let page = current.update { page -> Int in
                    page += 1
                    return page
                }
                #expect(users.count == (page == 1 ? 25 : 20))
                #expect(users[0].id == (page - 1) * 25 + 1)
            }

            await waitUntil { expectation.fulfillments == 1 }
            ticks.send(())
            await expectation.wait(timeout: 10)
            await expectationFinished.wait(timeout: 10)
            c.cancel()
        }
    }

    @Test("several subscriptions share one request")
    func testMultipleSubscriptions() async throws {
        try await withDemoServer { server in
            let expectation = Expectation(expectedFulfillmentCount: 2)

            let service = MyApi(url: apiUrl(server))
            let request = UsersRequest()
            let response = request.schedule(with: service)

            let k = Recorder<AnyCancellable?>(nil)
            let c = response.ignoreError().sink { _ in
                expectation.fulfill()
                k.update {
                    $0 = response.ignoreError().sink { _ in
                        expectation.fulfill()
                    }
                }
            }

            await expectation.wait(timeout: 10)
            #expect(server.requestCount(forPath: "/users") == 1)
            c.cancel()
            k.value?.cancel()
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

    @Test("prepare(_:) changes the URL request")
    func testRequestPreparation() async throws {
        try await withDemoServer { server in
            let expectation = Expectation()

            let service = MyApi(url: apiUrl(server))
            let request = ProcessingUsersRequest()
            let c = request.schedule(with: service).ignoreError()
                .sink { users in
                    #expect(users.count == 10)
                    #expect(users[0].id == 1)
                    expectation.fulfill()
                }

            await expectation.wait(timeout: 10)
            c.cancel()
        }
    }

    @Test("the header publisher and the response share one request")
    func testResponseHeader() async throws {
        try await withDemoServer { server in
            let expectation = Expectation(expectedFulfillmentCount: 2)

            let service = MyApi(url: apiUrl(server))
            let response = UsersRequest().schedule(with: service)
            let header = Recorder<[String: String]>([:])
            let c1 = response.header.ignoreError().sink { fields in
                header.update { $0 = fields }
                expectation.fulfill()
            }
            let c2 = response.ignoreError().sink { _ in
                expectation.fulfill()
            }

            await expectation.wait(timeout: 10)
            let contentType = header.value.first { $0.key.lowercased() == "content-type" }?.value
            #expect(contentType?.hasPrefix("application/json") == true)
            #expect(server.requestCount(forPath: "/users") == 1)
            c1.cancel()
            c2.cancel()
        }
    }
}
