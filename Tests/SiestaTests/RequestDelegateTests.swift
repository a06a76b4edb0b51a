import Foundation
import Siesta
import TestSupport
import Testing

@MainActor
@Suite("prepareRequest(using:): requests driven by custom logic")
struct RequestDelegateTests {
    @Test("the request does not start by itself; start() starts the delegate's operation once")
    func startsOnlyWhenAsked() {
        let delegate = ScriptedDelegate()
        let request = Resource.prepareRequest(using: delegate)
        #expect(request.state == .notStarted)
        #expect(delegate.starts == 0)
        request.start()
        request.start()
        #expect(delegate.starts == 1)
        #expect(request.state == .inProgress)
    }

    @Test("the first broadcast response completes the request; later ones are ignored")
    func firstResponseWins() throws {
        let delegate = ScriptedDelegate()
        var texts: [String] = []
        let request = Resource.prepareRequest(using: delegate).onSuccess { texts.append($0.text) }
        request.start()
        let handler = try #require(delegate.handler)
        #expect(!handler.willIgnore(Self.response("one")))
        handler.broadcastResponse(Self.response("one"))
        #expect(handler.willIgnore(Self.response("two")))
        handler.broadcastResponse(Self.response("two"))
        #expect(request.state == .completed)
        #expect(request.progress == 1)
        #expect(texts == ["one"])
    }

    @Test("cancel() tells the delegate, completes as cancelled, and ignores a late response")
    func cancellation() async {
        let delegate = ScriptedDelegate()
        let request = Resource.prepareRequest(using: delegate).start()
        request.cancel()
        #expect(delegate.cancels == 1)
        let handler = delegate.handler
        #expect(handler?.willIgnore(Self.response("late")) == true)
        handler?.broadcastResponse(Self.response("late"))
        #expect(error(of: await completion(of: request))?.cause is RequestError.Cause.RequestCancelled)
        request.cancel()
        #expect(delegate.cancels == 1)
    }

    @Test("repeated() gives an unstarted request with the delegate's repeated() copy")
    func repeats() {
        let delegate = ScriptedDelegate()
        let request = Resource.prepareRequest(using: delegate).start()
        delegate.handler?.broadcastResponse(Self.response("first"))
        let again = request.repeated()
        #expect(again.state == .notStarted)
        #expect(delegate.copies.count == 1)
        again.start()
        #expect(delegate.copies.first?.starts == 1)
        #expect(delegate.starts == 1)
    }

    @Test("progress is polled from the delegate while the request runs, then 1")
    func progress() async {
        let delegate = ScriptedDelegate()
        delegate.progress = 0.25
        var reports: [Double] = []
        let request = Resource.prepareRequest(using: delegate).onProgress { reports.append($0) }.start()
        await waitUntil("progress 0.25") { reports.contains(0.25) }
        delegate.handler?.broadcastResponse(Self.response("done"))
        #expect(reports == [0.25, 1])
        #expect(request.progress == 1)
    }

    @Test("a custom request takes part in a chain over real HTTP and in a request decorator")
    func chainsAndDecorators() async throws {
        let service = try await TestServer.service()
        let path = TestServer.uniquePath()
        let resource = service.resource(path)
        let delegate = ScriptedDelegate(respondsWith: Self.response("from the delegate"))
        let chain = resource.request(.get).chained { _ in .passTo(Resource.prepareRequest(using: delegate)) }
        #expect(entity(of: await completion(of: chain))?.text == "from the delegate")

        service.configure(path) {
            $0.decorateRequests { _, request in
                Resource.prepareRequest(using: ScriptedDelegate(respondsWith: Self.response("gate open")))
                    .chained { info in entity(of: info)?.text == "gate open" ? .passTo(request) : .useThisResponse }
            }
        }
        let load = resource.load()
        #expect(entity(of: await completion(of: load))?.jsonDict["path"] as? String == path)
        #expect(resource.jsonDict["method"] as? String == "GET")
    }

    private static func response(_ text: String) -> ResponseInfo {
        ResponseInfo(response: .success(Entity<Any>(content: text, contentType: "text/plain")))
    }
}

/// A delegate the test drives by hand, or that answers at once with a fixed response.
@MainActor
private final class ScriptedDelegate: RequestDelegate {
    private let immediateResponse: ResponseInfo?
    var handler: (any RequestCompletionHandler)?
    var starts = 0
    var cancels = 0
    var progress = 0.0
    var copies: [ScriptedDelegate] = []

    init(respondsWith immediateResponse: ResponseInfo? = nil) {
        self.immediateResponse = immediateResponse
    }

    let requestDescription = "scripted"
    let progressReportingInterval: TimeInterval = 0.01

    func startUnderlyingOperation(passingResponseTo completionHandler: any RequestCompletionHandler) {
        starts += 1
        handler = completionHandler
        if let immediateResponse {
            completionHandler.broadcastResponse(immediateResponse)
        }
    }

    func cancelUnderlyingOperation() {
        cancels += 1
    }

    func computeProgress() -> Double { progress }

    func repeated() -> any RequestDelegate {
        let copy = ScriptedDelegate(respondsWith: immediateResponse)
        copies.append(copy)
        return copy
    }
}
