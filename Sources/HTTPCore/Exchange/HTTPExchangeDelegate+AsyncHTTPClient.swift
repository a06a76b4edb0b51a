import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// The delegate of each AsyncHTTPClient task that a hop of the exchange runs as.
extension HTTPExchangeDelegate: HTTPClientResponseDelegate {
    typealias Response = Void

    func didSendRequestPart(task: HTTPClient.Task<Void>, _ part: IOData) {
        sent(bytes: part.readableBytes)
    }

    func didVisitURL(task: HTTPClient.Task<Void>, _ request: HTTPClient.Request, _ head: HTTPResponseHead) {
        visited(url: request.url, method: request.method, head: head)
    }

    func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        receive(head: head)
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        if let error = receive(bodyPart: buffer) {
            // The failed future stops the reading; the client then reports the error.
            return task.eventLoop.makeFailedFuture(error)
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveError(task: HTTPClient.Task<Void>, _ error: any Error) {
        hopFailed(error)
    }

    func didFinishRequest(task: HTTPClient.Task<Void>) throws {
        hopEnded()
    }
}
