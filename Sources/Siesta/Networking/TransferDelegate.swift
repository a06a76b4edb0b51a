import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Collects one AsyncHTTPClient response (head and body), counts bytes for progress, and hands
/// the result to Siesta's completion callback exactly once.
final class TransferDelegate: HTTPClientResponseDelegate, Sendable {
    typealias Response = Void

    private struct State {
        var url: URL
        var head: HTTPResponseHead?
        var body = ByteBuffer()
        var metrics = RequestTransferMetrics()
        var completion: RequestNetworkingCompletionCallback?
    }

    private let state: NIOLockedValueBox<State>

    init(url: URL, completion: @escaping RequestNetworkingCompletionCallback) {
        state = NIOLockedValueBox(State(url: url, completion: completion))
    }

    /// Byte counts so far; safe from any thread.
    var metrics: RequestTransferMetrics {
        state.withLockedValue { $0.metrics }
    }

    func setRequestBytesTotal(_ total: Int64) {
        state.withLockedValue { $0.metrics.requestBytesTotal = total }
    }

    /// Reports a failure that happened before the request could start.
    func fail(_ error: any Error) {
        finish(response: nil, data: nil, error: error)
    }

    func didSendRequestPart(task: HTTPClient.Task<Void>, _ part: IOData) {
        state.withLockedValue { $0.metrics.requestBytesSent += Int64(part.readableBytes) }
    }

    func didVisitURL(task: HTTPClient.Task<Void>, _ request: HTTPClient.Request, _ head: HTTPResponseHead) {
        state.withLockedValue { $0.url = request.url }
    }

    func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        state.withLockedValue { state in
            state.head = head
            state.body.clear()
            state.metrics.responseBytesReceived = 0
            state.metrics.responseBytesTotal = head.headers.first(name: "content-length").flatMap { Int64($0) }
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        state.withLockedValue { state in
            var buffer = buffer
            state.metrics.responseBytesReceived += Int64(buffer.readableBytes)
            state.body.writeBuffer(&buffer)
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveError(task: HTTPClient.Task<Void>, _ error: any Error) {
        finish(response: nil, data: nil, error: error)
    }

    func didFinishRequest(task: HTTPClient.Task<Void>) throws {
        let (url, head, body) = state.withLockedValue { ($0.url, $0.head, $0.body) }
        guard let head else {
            finish(response: nil, data: nil, error: HTTPClientError.invalidProxyResponse)
            return
        }
        var fields: [String: String] = [:]
        for (name, value) in head.headers {
            if let existing = fields[name] {
                fields[name] = existing + ", " + value
            } else {
                fields[name] = value
            }
        }
        let response = HTTPURLResponse(
            url: url, statusCode: Int(head.status.code),
            httpVersion: "HTTP/\(head.version.major).\(head.version.minor)",
            headerFields: fields)
        finish(response: response, data: Data(buffer: body, byteTransferStrategy: .noCopy), error: nil)
    }

    private func finish(response: HTTPURLResponse?, data: Data?, error: (any Error)?) {
        let completion = state.withLockedValue { state -> RequestNetworkingCompletionCallback? in
            defer { state.completion = nil }
            return state.completion
        }
        completion?(response, data, error)
    }
}
