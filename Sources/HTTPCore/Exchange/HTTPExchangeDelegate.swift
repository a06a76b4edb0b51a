import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Collects one exchange (redirects, head, body), counts bytes, enforces the body limit, and
/// reports the outcome exactly once.
///
/// One delegate serves every hop of an exchange whose redirects the transport follows itself:
/// each hop is a request of its own, started one after the other, on ``HTTP1Pool`` or as an
/// AsyncHTTPClient task (the delegate is the sink of one and the delegate of the other). Every
/// response head is recorded (and its `Set-Cookie` fields stored in the cookie jar, if any); a
/// head that ``redirectTarget`` says is a redirect to follow has its body read and dropped (the
/// body limit still applies), and when it ends ``followRedirect`` starts the next hop. Cancelling
/// stops the hop in progress and any hop not yet started.
///
/// A final response that ``streamDecision`` picks becomes a stream: the exchange completes with
/// the head and an empty body, and the body's bytes go to ``streamChunks`` as they arrive instead
/// of being collected.
final class HTTPExchangeDelegate: Sendable {
    /// Called once with the outcome, and the stream's bytes when the response became a stream;
    /// may run on any thread.
    typealias Completion =
        @Sendable (
            Result<HTTPExchangeResponse, HTTPFailure>, HTTPExchangeTiming, AsyncStream<HTTPStreamChunk>?
        ) -> Void
    /// The URL a response head redirects to, when the redirect is followed; nil when the head is
    /// the final response.
    typealias RedirectTarget = @Sendable (HTTPResponseHead) -> URL?
    /// Starts the next hop of `delegate` after a redirect with `status` to the URL; called once the
    /// redirect response has ended.
    typealias FollowRedirect = @Sendable (_ delegate: HTTPExchangeDelegate, _ status: Int, _ target: URL) -> Void
    /// Whether a final response (head only, empty body) is read as a stream.
    typealias StreamDecision = @Sendable (HTTPExchangeResponse) -> Bool
    /// The reader of a final response's body (head only, empty body), if any.
    typealias BodyReaderSource = @Sendable (HTTPExchangeResponse) -> (any HTTPBodyReader)?

    private struct State {
        var url: URL
        var head: HTTPResponseHead?
        /// The response heads of the redirects followed so far, with the requests that got them.
        var redirectVisits: [Visit] = []
        /// The latest response head seen, with the request that got it.
        var lastVisit: Visit?
        var body = HTTPBodyCollector()
        /// What reads the final response's body as it arrives, if anything does.
        var reader: (any HTTPBodyReader)?
        var progress = HTTPTransferProgress()
        var firstByte: ContinuousClock.Instant?
        var completion: Completion?
        /// The redirect the current hop's response asks for, once its head said so.
        var redirect: (status: Int, target: URL)?
        /// Bytes of the redirect's body, which are dropped but count against the body limit.
        var redirectBodyBytes = 0
        /// The request of the current hop, on whichever engine sends it.
        var task: (any HTTPHop)?
        var isCancelled = false
        /// Where the body goes once the response became a stream.
        var stream: AsyncStream<HTTPStreamChunk>.Continuation?
        /// The reading end of ``stream``, until the transport takes it.
        var chunks: AsyncStream<HTTPStreamChunk>?
        /// True once the response became a stream (it may have ended since).
        var wasStream = false
        /// The timer that times the exchange out, cancelled when it ends.
        var timer: Scheduled<Void>?
    }

    /// A response head with the URL and method of the request that got it; made into an
    /// ``HTTPRedirectHop`` only when it is a redirect in a finished exchange.
    private struct Visit {
        var url: URL
        var method: HTTPMethod
        var head: HTTPResponseHead

        var hop: HTTPRedirectHop {
            HTTPRedirectHop(
                url: url, method: method.rawValue, statusCode: Int(head.status.code),
                reasonPhrase: head.status.reasonPhrase,
                headerFields: head.headers.map { HTTPHeaderField(name: $0.name, value: $0.value) })
        }
    }

    private let state: NIOLockedValueBox<State>
    private let start = ContinuousClock.now
    private let limits: HTTPExchangeLimits
    private var maximumBodySize: Int { limits.maximumBodySize }
    private let cookieJar: HTTPCookieJar?
    private let redirectTarget: RedirectTarget?
    private let followRedirect: FollowRedirect?
    private let streamDecision: StreamDecision?
    private let bodyReaderSource: BodyReaderSource?

    /// Creates the delegate of an exchange for `url`. Without `redirectTarget` every response is
    /// final; `cookieJar` stores the cookies of every response head.
    init(
        url: URL, limits: HTTPExchangeLimits,
        cookieJar: HTTPCookieJar? = nil, redirectTarget: RedirectTarget? = nil,
        followRedirect: FollowRedirect? = nil, streamDecision: StreamDecision? = nil,
        bodyReaderSource: BodyReaderSource? = nil, completion: @escaping Completion
    ) {
        self.streamDecision = streamDecision
        self.bodyReaderSource = bodyReaderSource
        self.limits = limits
        self.cookieJar = cookieJar
        self.redirectTarget = redirectTarget
        self.followRedirect = followRedirect
        state = NIOLockedValueBox(State(url: url, completion: completion))
    }

    /// Whether ``cancel()`` was called.
    var isCancelled: Bool {
        state.withLockedValue { $0.isCancelled }
    }

    /// Prepares for a new hop that sends `requestBytesTotal` body bytes (nil: not known).
    func beginHop(requestBytesTotal: Int64?) {
        state.withLockedValue { state in
            state.head = nil
            state.redirect = nil
            state.redirectBodyBytes = 0
            state.progress = HTTPTransferProgress()
            state.progress.requestBytesTotal = requestBytesTotal
        }
    }

    /// Keeps the request of the current hop, so that ``cancel()`` reaches it; cancels it at once
    /// when the exchange was cancelled already. A hop that ended the exchange before it could be
    /// kept (a request refused at once, or answered before this call) is not kept: nothing would
    /// let go of it.
    func attach(_ task: any HTTPHop) {
        let cancelled = state.withLockedValue { state -> Bool in
            guard state.completion != nil else { return false }
            state.task = task
            return state.isCancelled
        }
        if cancelled { task.cancel() }
    }

    /// Cancels the current hop and keeps any later one from starting; the body read so far is
    /// let go at once, and no more is kept.
    func cancel() {
        let (task, reader) = state.withLockedValue { state in
            state.isCancelled = true
            state.body = HTTPBodyCollector()
            defer { state.reader = nil }
            return (state.task, state.reader)
        }
        reader?.bodyAbandoned()
        task?.cancel()
    }

    /// Keeps `timer` to cancel it once the exchange ends (at once when it has ended).
    func cancelWhenFinished(_ timer: Scheduled<Void>) {
        let finished = state.withLockedValue { state -> Bool in
            guard state.completion != nil else { return true }
            state.timer = timer
            return false
        }
        if finished { timer.cancel() }
    }

    /// Fails the exchange as timed out and stops it, unless it ended or became a stream.
    func timeOutUnlessStreaming() {
        let (timedOut, task) = state.withLockedValue { state -> (Bool, (any HTTPHop)?) in
            guard !state.wasStream, state.completion != nil else { return (false, nil) }
            // No later hop starts, and a hop attached later is cancelled at once.
            state.isCancelled = true
            return (true, state.task)
        }
        guard timedOut else { return }
        finish(.failure(HTTPFailure(classifying: HTTPClientError.deadlineExceeded)))
        task?.cancel()
    }

    /// Byte counts so far; safe from any thread.
    var progress: HTTPTransferProgress {
        state.withLockedValue { $0.progress }
    }

    /// Reports a failure that happened before the request could start.
    func fail(_ failure: HTTPFailure) {
        finish(.failure(failure))
    }

    /// Counts `bytes` more of the request body as sent.
    func sent(bytes: Int) {
        state.withLockedValue { $0.progress.requestBytesSent += Int64(bytes) }
    }

    /// Records the response head `head` that the request to `url` sent with `method` got (a
    /// redirect or the final one), and stores its cookies.
    func visited(url: URL, method: HTTPMethod, head: HTTPResponseHead) {
        let visit = Visit(url: url, method: method, head: head)
        state.withLockedValue { state in
            if let last = state.lastVisit { state.redirectVisits.append(last) }
            state.lastVisit = visit
            state.url = url
        }
        cookieJar?.store(setCookieValues: head.headers["set-cookie"], from: url)
    }

    /// Takes in the head of the current hop's response: a redirect to follow, a stream, or the
    /// final response whose body is collected.
    func receive(head: HTTPResponseHead) {
        let target = redirectTarget?(head)
        state.withLockedValue { state in
            state.head = head
            if let target {
                state.redirect = (Int(head.status.code), target)
                return
            }
            state.firstByte = ContinuousClock.now
            state.body = HTTPBodyCollector()
            state.reader = nil
            state.progress.responseBytesReceived = 0
            state.progress.responseBytesTotal = head.headers.first(name: "content-length").flatMap { Int64($0) }
        }
        if target == nil, let streamDecision {
            let response = headResponse()
            if let response, streamDecision(response) {
                let (chunks, continuation) = AsyncStream.makeStream(of: HTTPStreamChunk.self)
                // A reader that goes away closes the connection.
                continuation.onTermination = { [weak self] _ in self?.cancel() }
                let isOwned = state.withLockedValue { state -> Bool in
                    // An exchange that already ended (timed out) has no one to read its stream.
                    guard state.completion != nil else { return false }
                    state.stream = continuation
                    state.chunks = chunks
                    state.wasStream = true
                    return true
                }
                if isOwned {
                    finish(.success(response))
                } else {
                    continuation.finish()
                    state.withLockedValue { $0.task }?.cancel()
                }
                return
            }
        }
        if target == nil, let bodyReaderSource, let response = headResponse(), let reader = bodyReaderSource(response) {
            state.withLockedValue { $0.reader = reader }
        }
    }

    /// The final response so far, with an empty body.
    private func headResponse() -> HTTPExchangeResponse? {
        let (url, head, visits) = state.withLockedValue { ($0.url, $0.head, $0.redirectVisits) }
        guard let head else { return nil }
        return HTTPExchangeResponse(
            statusCode: Int(head.status.code), reasonPhrase: head.status.reasonPhrase,
            httpVersion: HTTPExchangeResponse.versionText(head.version), headers: head.headers, url: url,
            redirects: visits.map(\.hop), body: Data(),
            timing: HTTPExchangeTiming(start: start, firstByte: nil, end: start))
    }

    /// Takes in a part of the current hop's body; returns the error that stops the exchange
    /// (the body is over the limit, or the exchange was cancelled), or nil.
    func receive(bodyPart buffer: ByteBuffer) -> (any Error)? {
        let stream = state.withLockedValue { state in
            if state.stream != nil { state.progress.responseBytesReceived += Int64(buffer.readableBytes) }
            return state.stream
        }
        if let stream {
            stream.yield(.bytes(Data(buffer: buffer)))
            return nil
        }
        let (fits, abandoned) = state.withLockedValue { state -> (Bool, (any HTTPBodyReader)?) in
            // After a cancel, nothing more is kept; the failed future stops the reading.
            if state.isCancelled {
                return (false, nil)
            }
            // A redirect's body is read to keep the connection usable, and dropped.
            if state.redirect != nil {
                state.redirectBodyBytes += buffer.readableBytes
                return (state.redirectBodyBytes <= maximumBodySize, nil)
            }
            state.progress.responseBytesReceived += Int64(buffer.readableBytes)
            guard state.body.count + buffer.readableBytes <= maximumBodySize,
                state.body.append(buffer, announced: state.progress.responseBytesTotal, limit: maximumBodySize)
            else {
                state.body = HTTPBodyCollector()
                defer { state.reader = nil }
                return (false, state.reader)
            }
            state.reader?.bodyGrew(state.body.received())
            return (true, nil)
        }
        abandoned?.bodyAbandoned()
        return fits ? nil : NIOTooManyBytesError(maxBytes: maximumBodySize)
    }

    /// Ends the exchange with the current hop's `error`.
    func hopFailed(_ error: any Error) {
        let (headReceived, cancelled) = state.withLockedValue { ($0.head != nil, $0.isCancelled) }
        let failure =
            cancelled
            ? HTTPFailure(kind: .cancelled, underlying: HTTPClientError.cancelled)
            : explained(HTTPFailure(classifying: error, headReceived: headReceived))
        if endStream(failure) { return }
        finish(.failure(failure))
    }

    /// `failure` with the limit it hit named in an ``HTTPLimitFailure``, when it hit one.
    private func explained(_ failure: HTTPFailure) -> HTTPFailure {
        let announced = state.withLockedValue { $0.progress.responseBytesTotal }
        var explained = failure
        switch failure.kind {
        case .bodyTooLarge:
            explained.underlying = HTTPLimitFailure(
                limit: .bodySize(maximumBodySize), announced: announced, advice: limits.advice.bodySize)
        case .decompressionLimit:
            explained.underlying = HTTPLimitFailure(limit: .decompressionRatio(limits.decompressionRatio))
        case .timedOut:
            let error = failure.underlying as? HTTPClientError
            if error == .readTimeout, let seconds = limits.readTimeout {
                explained.underlying = HTTPLimitFailure(limit: .readTimeout(seconds), advice: limits.advice.readTimeout)
            } else if error == .deadlineExceeded, let seconds = limits.requestTimeout {
                explained.underlying = HTTPLimitFailure(
                    limit: .requestTimeout(seconds), advice: limits.advice.requestTimeout)
            }
        case .malformedResponse:
            if failure.underlying as? HTTPParserError == .headerOverflow {
                explained.underlying = HTTPLimitFailure(limit: .headerSize(HTTPExchangeLimits.headerBytes))
            }
        default:
            break
        }
        return explained
    }

    /// Ends the stream, if the response became one, with `failure` (nil: the body ended). Returns
    /// whether it was a stream.
    private func endStream(_ failure: HTTPFailure?) -> Bool {
        let (wasStream, stream) = state.withLockedValue { state in
            defer {
                if state.wasStream {
                    state.stream = nil
                    state.task = nil
                }
            }
            return (state.wasStream, state.stream)
        }
        stream?.yield(.end(failure))
        stream?.finish()
        return wasStream
    }

    /// Ends the current hop's response: follows a redirect, ends a stream, or completes the
    /// exchange.
    func hopEnded() {
        let redirect = state.withLockedValue { state in
            defer { state.redirect = nil }
            return state.redirect
        }
        if let redirect, let followRedirect {
            followRedirect(self, redirect.status, redirect.target)
            return
        }
        if endStream(nil) { return }
        // The body moves out, so a transfer handle kept after the end holds no bytes.
        let (url, head, body, visits, reader) = state.withLockedValue { state in
            defer { state.reader = nil }
            return (state.url, state.head, state.body.takeData(), state.redirectVisits, state.reader)
        }
        reader?.bodyEnded(body)
        let redirects = visits.map(\.hop)
        guard let head else {
            finish(.failure(HTTPFailure(kind: .malformedResponse, underlying: HTTPClientError.invalidProxyResponse)))
            return
        }
        let response = HTTPExchangeResponse(
            statusCode: Int(head.status.code), reasonPhrase: head.status.reasonPhrase,
            httpVersion: HTTPExchangeResponse.versionText(head.version), headers: head.headers, url: url,
            redirects: redirects, body: body,
            timing: HTTPExchangeTiming(start: start, firstByte: nil, end: start))
        finish(.success(response))
    }

    /// Calls the completion once, with the timing taken now (the response carries the same).
    private func finish(_ result: Result<HTTPExchangeResponse, HTTPFailure>) {
        let (completion, firstByte, chunks, timer, reader) = state.withLockedValue {
            state -> (
                Completion?, ContinuousClock.Instant?, AsyncStream<HTTPStreamChunk>?, Scheduled<Void>?,
                (any HTTPBodyReader)?
            ) in
            defer {
                state.completion = nil
                state.timer = nil
                state.chunks = nil
                state.reader = nil
                // A stream keeps its task, so that cancelling it closes the connection.
                if state.stream == nil { state.task = nil }
            }
            return (state.completion, state.firstByte, state.chunks, state.timer, state.reader)
        }
        // A body that did not end is never read to its end.
        reader?.bodyAbandoned()
        timer?.cancel()
        guard let completion else { return }
        let timing = HTTPExchangeTiming(start: start, firstByte: firstByte, end: .now)
        completion(
            result.map { response in
                var response = response
                response.timing = timing
                return response
            }, timing, chunks)
    }
}
