import Foundation
import Squid
import Testing

@testable import DemoAPI

@Suite("response headers")
struct ResponseHeaderTests {
    struct CookiesRequest: Request {
        typealias Result = Data
        var routes: HttpRoute { ["cookies", "pair"] }
    }

    @Test("several Set-Cookie headers stay apart, one per line, dates and their commas intact")
    func setCookie() async throws {
        try await withDemoServer { server in
            let response = try #require(try await CookiesRequest().schedule(with: DemoService(server)).httpResponse)
            let value = try #require(response.header["Set-Cookie"])
            #expect(value.split(separator: "\n").map(String.init) == TestRoutes.cookiePair)
        }
    }
}
