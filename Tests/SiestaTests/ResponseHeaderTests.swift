import Foundation
import Siesta
import TestSupport
import Testing

@testable import DemoAPI

@MainActor
@Suite("response headers and URLs through the HTTP core")
struct ResponseHeaderTests {
    @Test("several Set-Cookie headers stay apart, one per line, dates and their commas intact")
    func setCookie() async throws {
        let service = try await TestServer.service()
        let resource = service.resource("/cookies/pair")
        await completion(of: resource.load())
        let value = try #require(resource.latestData?.header(forKey: "Set-Cookie"))
        #expect(value.split(separator: "\n").map(String.init) == TestRoutes.cookiePair)
    }

    @Test("redirects are followed to the final resource")
    func redirects() async throws {
        let service = try await TestServer.service()
        let resource = service.resource("/redirect/3")
        await completion(of: resource.load())
        #expect(resource.text == TestRoutes.text)
    }

    @Test("a URL the transport cannot request is an invalid URL, with the reason")
    func unsupportedScheme() async throws {
        let service = Service(baseURL: "ftp://127.0.0.1/")
        let resource = service.resource("/files")
        await completion(of: resource.load())
        let error = try #require(resource.latestError)
        #expect(error.userMessage == "Invalid URL: unsupported scheme ftp: ftp://127.0.0.1/files")
        #expect(error.cause is RequestError.Cause.InvalidRequestURL)
    }
}
