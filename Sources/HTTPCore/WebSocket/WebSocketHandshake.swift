import Foundation
import NIOCore
import NIOWebSocket

/// The client's half of the WebSocket opening handshake on one channel.
///
/// It writes the upgrade request once the channel is active, reads the answer, and on a valid
/// `101` puts the frame codec and an `NIOAsyncChannel` behind itself, hands every byte that came
/// after the answer (a server may send its first frames, even a close, in the same packet) to
/// the frame decoder, and leaves the pipeline, all within the same read. The outcome completes
/// `promise`.
final class WebSocketHandshake: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// Why a handshake did not produce a WebSocket.
    enum Failure: Error, Sendable {
        /// The server answered with another status.
        case refused(status: Int, reason: String)
        /// The answer was `101` but not a valid WebSocket acceptance, or not HTTP at all.
        case invalidAnswer(String)
        /// The connection closed before the answer was complete.
        case closed
        /// No complete answer within the opening timeout.
        case timedOut
        /// The URL's host cannot be sent (empty, or with spaces or control characters).
        case invalidHost
    }

    /// The channel the WebSocket frames travel on once the handshake succeeds.
    typealias Upgraded = NIOAsyncChannel<WebSocketFrame, WebSocketFrame>

    private static let maximumAnswerSize = 64 * 1024

    private let request: ByteBuffer
    private let accept: WebSocketAccept
    private let maximumFrameSize: Int
    private let promise: EventLoopPromise<Upgraded>
    private var answer = ByteBuffer()
    /// How far into ``answer`` the search for its end has looked.
    private var scanned = 0
    private var requestSent = false

    /// Header names the handshake itself sends; the caller's fields with these names are left out
    /// (`Origin` excepted: the caller's replaces the default).
    private static let handshakeFields: Set<String> = [
        "host", "upgrade", "connection", "sec-websocket-key", "sec-websocket-version", "sec-websocket-accept",
        "sec-websocket-extensions", "content-length", "transfer-encoding",
    ]

    /// A handshake for `path` (with its query) on `host` (`host:port` when the port is not the
    /// scheme's), sending `headers` after the required ones; inbound frames may be up to
    /// `maximumFrameSize` bytes.
    init(
        path: String, host: String, origin: String, headers: [(name: String, value: String)],
        maximumFrameSize: Int, promise: EventLoopPromise<Upgraded>
    ) {
        let accept = WebSocketAccept()
        let fields = headers.filter { Self.isSendable($0) && !Self.handshakeFields.contains($0.name.lowercased()) }
        var text = "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        text += "Sec-WebSocket-Key: \(accept.key)\r\nSec-WebSocket-Version: 13\r\n"
        if !fields.contains(where: { $0.name.lowercased() == "origin" }) {
            text += "Origin: \(origin)\r\n"
        }
        for header in fields {
            text += "\(header.name): \(header.value)\r\n"
        }
        text += "\r\n"
        self.request = ByteBuffer(string: text)
        self.accept = accept
        self.maximumFrameSize = maximumFrameSize
        self.promise = promise
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive {
            sendRequest(context: context)
        }
    }

    func channelActive(context: ChannelHandlerContext) {
        sendRequest(context: context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = Self.unwrapInboundIn(data)
        answer.writeBuffer(&bytes)
        let view = answer.readableBytesView
        guard let end = Self.endOfHead(in: view, from: view.startIndex + max(0, scanned - 3)) else {
            scanned = view.count
            if answer.readableBytes > Self.maximumAnswerSize {
                fail(.invalidAnswer("its opening answer is over 64 KiB without an end"), context: context)
            }
            return
        }
        let head = String(decoding: view[view.startIndex..<end], as: UTF8.self)
        answer.moveReaderIndex(forwardBy: end - view.startIndex + 4)
        do {
            try check(head)
            let upgraded = try upgrade(context: context)
            promise.succeed(upgraded)
            if answer.readableBytes > 0 {
                context.fireChannelRead(Self.wrapInboundOut(answer))
            }
            answer = ByteBuffer()
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        } catch let failure as Failure {
            fail(failure, context: context)
        } catch {
            promise.fail(error)
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise.fail(Failure.closed)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        promise.fail(error)
        context.close(promise: nil)
    }

    // MARK: Steps

    private func sendRequest(context: ChannelHandlerContext) {
        guard !requestSent else {
            return
        }
        requestSent = true
        context.writeAndFlush(Self.wrapOutboundOut(request), promise: nil)
    }

    private func check(_ head: String) throws {
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusLine = lines.isEmpty ? "" : lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]) else {
            throw Failure.invalidAnswer("its answer is not HTTP")
        }
        guard status == 101 else {
            throw Failure.refused(status: status, reason: parts.count > 2 ? String(parts[2]) : "")
        }
        var fields: [String: [String]] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else {
                continue
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            fields[name, default: []].append(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        guard fields["upgrade"]?.contains(where: { $0.lowercased() == "websocket" }) == true else {
            throw Failure.invalidAnswer("its 101 answer does not upgrade to websocket")
        }
        let connectionTokens = (fields["connection"] ?? []).flatMap { $0.split(separator: ",") }
        guard connectionTokens.contains(where: { $0.trimmingCharacters(in: .whitespaces).lowercased() == "upgrade" })
        else {
            throw Failure.invalidAnswer("its 101 answer has no Connection: upgrade")
        }
        guard fields["sec-websocket-extensions"] == nil else {
            throw Failure.invalidAnswer("it turned on an extension that was not asked for")
        }
        guard fields["sec-websocket-accept"] == [accept.expectedAnswer] else {
            throw Failure.invalidAnswer("its Sec-WebSocket-Accept does not match the key sent")
        }
    }

    private func upgrade(context: ChannelHandlerContext) throws -> Upgraded {
        let pipeline = context.pipeline.syncOperations
        try pipeline.addHandler(WebSocketFrameEncoder())
        try pipeline.addHandler(ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: maximumFrameSize)))
        try pipeline.addHandler(WebSocketProtocolErrorHandler(isServer: false))
        return try Upgraded(wrappingChannelSynchronously: context.channel)
    }

    private func fail(_ failure: Failure, context: ChannelHandlerContext) {
        promise.fail(failure)
        context.close(promise: nil)
    }

    /// Whether `header` can go on the wire as is: a token for a name, no line breaks in the value.
    /// Others are left out rather than let a value start a header of its own.
    private static func isSendable(_ header: (name: String, value: String)) -> Bool {
        let tokenPunctuation = Set("!#$%&'*+-.^_`|~")
        return !header.name.isEmpty
            && header.name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || tokenPunctuation.contains($0)) }
            && !header.value.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" })
    }

    private static func endOfHead(in bytes: ByteBufferView, from start: Int) -> Int? {
        var index = start
        while index + 3 < bytes.endIndex {
            if bytes[index] == 13, bytes[index + 1] == 10, bytes[index + 2] == 13, bytes[index + 3] == 10 {
                return index
            }
            index += 1
        }
        return nil
    }
}
