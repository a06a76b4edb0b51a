import Foundation
import Siesta
import TestSupport
import Testing

@testable import Browser
@testable import BrowserRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that returns from `startRequest` only once the response has been recorded: an
/// answer on loopback that arrives before Siesta's call returns, made certain.
///
/// It waits on the main actor, so the server must answer without it and without Swift's
/// cooperative pool, where, in a full test run, an answer can wait behind other tests' work for
/// many seconds: ``LoopbackHTTPServer`` answers on its own event loop.
private struct AnswerBeforeReturnProvider: NetworkingProvider {
    let inner: any NetworkingProvider
    let recorder: ExchangeRecorder

    func startRequest(
        _ request: URLRequest, completion: @escaping RequestNetworkingCompletionCallback
    ) -> any RequestNetworking {
        let url = request.url?.absoluteString ?? ""
        let before = recorder.responseCount(method: .get, url: url)
        let networking = inner.startRequest(request, completion: completion)
        let deadline = Date().addingTimeInterval(TestTime.scaled(10))
        while recorder.responseCount(method: .get, url: url) == before, Date() < deadline { usleep(200) }
        return networking
    }
}

@Suite("request hooks in Events")
@MainActor
struct RequestHookEventTests {
    @Test("an answer that arrives before loadIfNeeded() returns is logged with its status, never as a cache hit")
    func fastAnswerIsNotACacheHit() async throws {
        let server = try await LoopbackHTTPServer.start(body: "[]")
        let recorder = ExchangeRecorder()
        let service = Service(
            baseURL: server.baseURL,
            networking: AnswerBeforeReturnProvider(inner: recorder.provider(), recorder: recorder))
        let state = BrowserState(width: 150, height: 45, serviceBaseURL: server.baseURL.absoluteString)
        let browser = ResourceBrowser(service: service, state: state, exchangeRecorder: recorder)
        browser.start(path: "/users")
        await waitUntil("onSuccess") { browser.state.events.contains { $0.name == "onSuccess" } }
        let hook = try #require(browser.state.events.first { $0.name == "onSuccess" })
        #expect(hook.detail == "200 GET ")
        #expect(!hook.detail.contains("no request sent"))
        #expect(server.requestLines == ["GET /users"])
        await server.stop()
    }
}
