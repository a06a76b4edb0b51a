import Foundation
import NIOCore
import NIOHTTP1

/// The sink of each request that a hop of the exchange sends through ``HTTP1Pool``.
extension HTTPExchangeDelegate: HTTP1ResponseSink {
    func requestSent(bytes: Int) {
        if bytes > 0 { sent(bytes: bytes) }
    }

    func responseHeadReceived(url: URL, method: HTTPMethod, head: HTTPResponseHead) {
        visited(url: url, method: method, head: head)
        receive(head: head)
    }

    func responseBodyReceived(_ buffer: ByteBuffer) -> (any Error)? {
        receive(bodyPart: buffer)
    }

    func responseEnded() {
        hopEnded()
    }

    func exchangeFailed(_ error: any Error) {
        hopFailed(error)
    }
}
