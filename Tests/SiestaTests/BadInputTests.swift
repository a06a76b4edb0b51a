import Foundation
import HTTPCore
import Siesta
import TestSupport
import Testing

@MainActor
@Suite("Bad input gives a clear RequestError and no crash")
struct BadInputTests {
    /// Loads a path and returns the resource's error, which must exist.
    private func loadError(
        _ path: String, service: Service? = nil, params: [String: String?] = [:]
    ) async throws -> RequestError {
        let service = if let service { service } else { try await TestServer.service() }
        let resource = service.resource(path).withParams(params)
        await completion(of: resource.load())
        let error = try #require(resource.latestError, "expected an error for \(path)")
        #expect(!error.userMessage.isEmpty)
        return error
    }

    @Test("HTTP errors read as sentences with their status")
    func httpErrors() async throws {
        let notFound = try await loadError("/errors/404")
        #expect(notFound.userMessage == "Not found")
        #expect(notFound.httpStatusCode == 404)
        let serverError = try await loadError("/errors/500")
        #expect(serverError.userMessage == "Internal server error")
        #expect(serverError.entity?.jsonDict["status"] as? Int == 500)
        let unusual = try await loadError("/errors/599")
        #expect(unusual.userMessage == "Server error")
    }

    @Test("a refused port names the host and port")
    func connectionRefused() async throws {
        let port = try ClosedPort.make()
        let service = Service(baseURL: "http://127.0.0.1:\(port)/")
        let error = try await loadError("/anything", service: service)
        #expect(error.cause is RequestError.Cause.ConnectionFailed)
        #expect(
            error.userMessage
                == "Could not connect to 127.0.0.1:\(port): the connection was refused (nothing listens on that port)")
    }

    @Test("a host name that does not resolve is an unknown host, named")
    func unknownHost() async throws {
        let service = Service(baseURL: "http://something.invalid:8080/")
        let error = try await loadError("/anything", service: service)
        #expect(error.cause is RequestError.Cause.ConnectionFailed)
        #expect(error.userMessage == "Unknown host something.invalid: the name does not resolve (DNS lookup failed)")
    }

    @Test("a connection the server resets says so, not that it could not connect")
    func connectionReset() async throws {
        let server = try ResettingServer()
        defer { server.stop() }
        let service = Service(baseURL: "http://127.0.0.1:\(server.port)/")
        let error = try await loadError("/anything", service: service)
        #expect(error.cause is RequestError.Cause.ConnectionClosed)
        #expect(error.userMessage == "The server at 127.0.0.1:\(server.port) reset the connection")
    }

    @Test("a connection attempt nobody answers times out while connecting")
    func connectTimeout() async throws {
        let port = try UnansweredPort.make()
        let provider = AsyncHTTPClientProvider(settings: HTTPClientSettings(connectTimeout: 0.5))
        let service = Service(baseURL: "http://127.0.0.1:\(port)/", networking: provider)
        let error = try await loadError("/anything", service: service)
        #expect(error.cause is RequestError.Cause.TimedOut)
        #expect(
            error.userMessage
                == "Timed out connecting to 127.0.0.1:\(port): no answer within 0.5 s (the connect timeout)")
    }

    @Test("a body over the limit and a compression bomb fail with sentences naming the limit; data stays")
    func limits() async throws {
        let provider = AsyncHTTPClientProvider(
            settings: HTTPClientSettings(
                maximumBodySize: 1000, limitAdvice: HTTPLimitAdvice(bodySize: "Raise it with --max-body-size.")))
        let service = try await TestServer.service(networking: provider)
        let users = service.resource("/users/3")
        await completion(of: users.load())
        #expect(users.jsonDict["id"] as? Int == 3)
        let tooLarge = try await loadError("/large", service: service, params: ["count": "100"])
        #expect(
            tooLarge.userMessage
                == "The response body is larger than the 1000 bytes limit (it announced 11.7 KiB). Raise it with "
                + "--max-body-size.")
        let bomb = try await loadError("/compressed/bomb")
        #expect(
            bomb.userMessage
                == "The response body expands more than 100 times when decompressed; it was refused as a possible "
                + "compression bomb.")
        #expect(users.jsonDict["id"] as? Int == 3)
    }

    @Test("the public provider takes a body limit and its message says how to raise it")
    func publicBodyLimit() async throws {
        let service = try await TestServer.service(networking: AsyncHTTPClientProvider(maximumBodySize: 2048))
        let error = try await loadError("/large", service: service, params: ["count": "100"])
        #expect(error.userMessage.hasPrefix("The response body is larger than the 2 KiB limit"))
        #expect(error.userMessage.hasSuffix("Raise it with AsyncHTTPClientProvider(maximumBodySize:)."))
    }

    @Test("timeout")
    func timeout() async throws {
        let service = try await TestServer.service()
        service.configure { $0.mutateRequests { $0.timeoutInterval = 0.3 } }
        let started = Date()
        // The server answers after 30 s; the 0.3 s timeout must end the request long before.
        let error = try await loadError("/slow", service: service, params: ["delay": "30000"])
        #expect(error.cause is RequestError.Cause.TimedOut)
        #expect(
            error.userMessage == "The request timed out after 0.3 s (its timeout). Raise the request's timeoutInterval."
        )
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test("server gone mid-body")
    func closedMidBody() async throws {
        let error = try await loadError("/broken/close")
        #expect(error.cause is RequestError.Cause.ConnectionClosed)
    }

    @Test("malformed JSON under a JSON content type")
    func malformedJSON() async throws {
        let error = try await loadError("/broken/json")
        // The parser's own error, as Siesta keeps it: NSCocoaErrorDomain, code 3840.
        let cause = try #require(error.cause) as NSError
        #expect(cause.domain == NSCocoaErrorDomain)
        #expect(cause.code == 3840)
        #expect(error.userMessage == "Cannot parse server response")
        #expect(error.entity?.content is Data)
    }

    @Test("invalid UTF-8 under text/plain; charset=utf-8")
    func invalidUTF8() async throws {
        let error = try await loadError("/broken/utf8")
        #expect(error.cause is RequestError.Cause.UndecodableText)
        #expect(error.userMessage == "The response is not valid UTF-8 text")
    }

    @Test("a JSON scalar body")
    func scalar() async throws {
        let error = try await loadError("/broken/scalar")
        #expect(error.userMessage == "The response is a JSON number, not an object or an array")
    }

    @Test("an empty 200 body under a JSON content type")
    func emptyBody() async throws {
        let error = try await loadError("/broken/empty")
        #expect(error.cause is RequestError.Cause.EmptyJSONBody)
    }

    @Test("an unknown charset")
    func unknownCharset() async throws {
        let error = try await loadError("/broken/charset")
        #expect(error.cause is RequestError.Cause.InvalidTextEncoding)
        #expect(error.userMessage.contains("x-unknown-charset"))
    }

    @Test("with the parsers off, the same bodies arrive as raw bytes")
    func rawData() async throws {
        let service = try await TestServer.service(standardTransformers: [])
        let resource = service.resource("/broken/utf8")
        await completion(of: resource.load())
        #expect(resource.latestError == nil)
        #expect((resource.latestData?.content as? Data)?.count ?? 0 > 0)
    }
}
