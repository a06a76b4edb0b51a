import Foundation
import HTTPCore
import Siesta
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Each case loads a resource that already holds data from a demo route that misbehaves the way
/// a hostile or failing server does; the load must end in an error whose sentence names what
/// went wrong, within the limit, and the old data must stay.
@MainActor
@Suite("Hostile servers end in a clear error and leave the old data")
struct HostileServerTests {
    private static let oldData: [String: String] = ["kept": "yes"]

    /// Loads `path` on a resource that holds ``oldData`` and returns its error; checks the data
    /// stayed.
    private func failedLoad(
        _ path: String, params: [String: String?] = [:], provider: AsyncHTTPClientProvider? = nil,
        configure: (@MainActor @Sendable (inout URLRequest) -> Void)? = nil
    ) async throws -> RequestError {
        let service = try await TestServer.service(networking: provider)
        if let configure {
            service.configure { $0.mutateRequests(with: configure) }
        }
        let resource = service.resource(path).withParams(params)
        resource.overrideLocalContent(with: Self.oldData)
        await completion(of: resource.load())
        let error = try #require(resource.latestError, "expected an error for \(path)")
        #expect(resource.latestData?.content as? [String: String] == Self.oldData)
        #expect(!resource.isLoading)
        return error
    }

    @Test("a slow drip (a byte a second) ends at the read timeout, whose sentence says how to raise it")
    func slowDrip() async throws {
        let error = try await failedLoad(
            "/broken/drip", params: ["bytes": "60", "interval": "1000"],
            provider: AsyncHTTPClientProvider(readTimeout: 0.4))
        #expect(error.cause is RequestError.Cause.TimedOut)
        #expect(
            error.userMessage
                == "The request timed out: nothing arrived for 0.4 s (the read timeout). Raise it with "
                + "AsyncHTTPClientProvider(readTimeout:).")
    }

    @Test("a drip fast enough for the read timeout still ends at the request's own timeout")
    func dripPastRequestTimeout() async throws {
        let error = try await failedLoad(
            "/broken/drip", params: ["bytes": "1000", "interval": "50"]
        ) { $0.timeoutInterval = 0.8 }
        #expect(error.cause is RequestError.Cause.TimedOut)
        #expect(
            error.userMessage == "The request timed out after 0.8 s (its timeout). Raise the request's timeoutInterval."
        )
    }

    @Test("a stalled server (part of the body, then silence) ends at the read timeout")
    func stalled() async throws {
        let error = try await failedLoad("/broken/stall", provider: AsyncHTTPClientProvider(readTimeout: 0.4))
        #expect(error.cause is RequestError.Cause.TimedOut)
        #expect(error.userMessage.hasPrefix("The request timed out: nothing arrived for 0.4 s (the read timeout)."))
    }

    @Test("an endless body stops at the body limit and names it")
    func endlessBody() async throws {
        let error = try await failedLoad(
            "/broken/endless", provider: AsyncHTTPClientProvider(maximumBodySize: 1 << 20))
        #expect(
            error.userMessage
                == "The response body is larger than the 1 MiB limit. Raise it with "
                + "AsyncHTTPClientProvider(maximumBodySize:).")
    }

    @Test("10,000 header fields and a header line of 1 MiB are refused with the header limit named")
    func hugeHeaders() async throws {
        let sentence =
            "The response's header fields are larger than the 80 KiB limit, in total or in one field. The limit is "
            + "fixed; the server has to send fewer or shorter header fields."
        let many = try await failedLoad("/broken/headers", params: ["count": "10000"])
        #expect(many.userMessage == sentence)
        let long = try await failedLoad("/broken/header-line", params: ["bytes": "1048576"])
        #expect(long.userMessage == sentence)
    }

    @Test("a redirect loop and a chain longer than the limit end with sentences naming the URL and the limit")
    func redirects() async throws {
        let loop = try await failedLoad("/redirect-loop")
        #expect(loop.userMessage.hasPrefix("The server redirected in a loop: "))
        #expect(loop.userMessage.contains("/redirect-loop was already requested in this exchange"))
        let long = try await failedLoad("/redirect/5", provider: AsyncHTTPClientProvider(maximumRedirects: 3))
        #expect(long.userMessage.hasPrefix("The server redirected more than 3 times; the last redirect pointed to "))
        #expect(long.userMessage.hasSuffix("/redirect/1. Raise it with AsyncHTTPClientProvider(maximumRedirects:)."))
    }

    @Test("a gzip bomb is refused as one")
    func gzipBomb() async throws {
        let error = try await failedLoad("/compressed/bomb")
        #expect(error.userMessage.contains("expands more than 100 times when decompressed"))
    }

    @Test("a chunked body cut off before its last chunk is a closed connection, not data")
    func closedMidChunk() async throws {
        let error = try await failedLoad("/broken/chunked-close")
        #expect(error.cause is RequestError.Cause.ConnectionClosed)
    }
}
