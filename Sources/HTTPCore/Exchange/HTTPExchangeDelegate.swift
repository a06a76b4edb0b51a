import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Collects one AsyncHTTPClient exchange (redirects, head, body), counts bytes, enforces the body
/// limit, and reports the outcome exactly once.
final class HTTPExchangeDelegate: HTTPClientResponseDelegate, Sendable {
    typealias Response = Void

    /// Called once with the outcome; may run on any thread.
    typealias Completion = @Sendable (Result<HTTPExchangeResponse, HTTPFailure>, HTTPExchangeTiming) -> Void

    private struct State {
        var url: URL
        var head: HTTPResponseHead?
        /// Every response head seen with the URL that sent it; all but the last are redirects.
        var visits: [HTTPRedirectHop] = []
        var body = ByteBuffer()
        var progress = HTTPTransferProgress()
        var firstByte: ContinuousClock.Instant?
        var completion: Completion?
    }

    private let state: NIOLockedValueBox<State>
    private let start = ContinuousClock.now
    private let maximumBodySize: Int

    init(url: URL, maximumBodySize: Int, completion: @escaping Completion) {
        self.maximumBodySize = maximumBodySize
        state = NIOLockedValueBox(State(url: url, completion: completion))
    }

    /// Byte counts so far; safe from any thread.
    var progress: HTTPTransferProgress {
        state.withLockedValue { $0.progress }
    }

    func setRequestBytesTotal(_ total: Int64) {
        state.withLockedValue { $0.progress.requestBytesTotal = total }
    }

    /// Reports a failure that happened before the request could start.
    func fail(_ failure: HTTPFailure) {
        finish(.failure(failure))
    }

    func didSendRequestPart(task: HTTPClient.Task<Void>, _ part: IOData) {
        state.withLockedValue { $0.progress.requestBytesSent += Int64(part.readableBytes) }
    }

    func didVisitURL(task: HTTPClient.Task<Void>, _ request: HTTPClient.Request, _ head: HTTPResponseHead) {
        state.withLockedValue { state in
            state.visits.append(HTTPRedirectHop(url: request.url, statusCode: Int(head.status.code)))
            state.url = request.url
        }
    }

    func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        state.withLockedValue { state in
            state.head = head
            state.firstByte = ContinuousClock.now
            state.body.clear()
            state.progress.responseBytesReceived = 0
            state.progress.responseBytesTotal = head.headers.first(name: "content-length").flatMap { Int64($0) }
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let fits = state.withLockedValue { state in
            var buffer = buffer
            state.progress.responseBytesReceived += Int64(buffer.readableBytes)
            guard state.body.readableBytes + buffer.readableBytes <= maximumBodySize else {
                state.body = ByteBuffer()
                return false
            }
            state.body.writeBuffer(&buffer)
            return true
        }
        guard fits else {
            return task.eventLoop.makeFailedFuture(NIOTooManyBytesError(maxBytes: maximumBodySize))
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveError(task: HTTPClient.Task<Void>, _ error: any Error) {
        let headReceived = state.withLockedValue { $0.head != nil }
        finish(.failure(HTTPFailure(classifying: error, headReceived: headReceived)))
    }

    func didFinishRequest(task: HTTPClient.Task<Void>) throws {
        // The body moves out, so a transfer handle kept after the end holds no bytes.
        let (url, head, body, visits) = state.withLockedValue { state in
            defer { state.body = ByteBuffer() }
            return (state.url, state.head, state.body, state.visits)
        }
        let redirects = Array(visits.dropLast())
        guard let head else {
            finish(.failure(HTTPFailure(kind: .malformedResponse, underlying: HTTPClientError.invalidProxyResponse)))
            return
        }
        let fields = head.headers.map { HTTPHeaderField(name: $0.name, value: $0.value) }
        let response = HTTPExchangeResponse(
            statusCode: Int(head.status.code), reasonPhrase: head.status.reasonPhrase,
            httpVersion: "HTTP/\(head.version.major).\(head.version.minor)", headerFields: fields, url: url,
            redirects: redirects, body: Data(buffer: body, byteTransferStrategy: .noCopy),
            timing: HTTPExchangeTiming(start: start, firstByte: nil, end: start))
        finish(.success(response))
    }

    /// Calls the completion once, with the timing taken now (the response carries the same).
    private func finish(_ result: Result<HTTPExchangeResponse, HTTPFailure>) {
        let (completion, firstByte) = state.withLockedValue { state -> (Completion?, ContinuousClock.Instant?) in
            defer { state.completion = nil }
            return (state.completion, state.firstByte)
        }
        guard let completion else { return }
        let timing = HTTPExchangeTiming(start: start, firstByte: firstByte, end: .now)
        completion(
            result.map { response in
                var response = response
                response.timing = timing
                return response
            }, timing)
    }
}
