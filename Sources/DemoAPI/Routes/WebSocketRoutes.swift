import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOWebSocket

/// The WebSocket routes, on a router of their own that the server consults for upgrade
/// requests:
///
/// - `/ws/echo` sends every message back as it came, text as text and binary as binary.
/// - `/ws/ticks` sends `{"tick":N,"at":"…"}` once per live step (or every `interval`
///   milliseconds), `count` times if given, then closes with 1000; messages sent to it are
///   answered with `{"received":…}`.
/// - `/ws/close` echoes `after` messages (0 by default), then closes with `code` (4000 by
///   default) and `reason` ("bye" by default); a code no close frame may carry gets 1008.
///
/// A plain `GET` of any of them (no upgrade) gets `426 Upgrade Required` from ``register(on:)``.
struct WebSocketRoutes {
    /// The paths served, for the index and the 426 answers.
    static let paths = ["ws/echo", "ws/ticks", "ws/close"]

    /// The clock the ticking feed follows by default.
    let clock: LiveClock

    /// A router answering the WebSocket upgrades.
    func makeRouter() -> Router<BasicWebSocketRequestContext> {
        let router = Router(context: BasicWebSocketRequestContext.self)
        let clock = self.clock
        router.ws("ws/echo") { inbound, outbound, _ in
            for try await message in inbound.messages(maxSize: 16 << 20) {
                try await Self.echo(message, to: outbound)
            }
        }
        router.ws("ws/close") { inbound, outbound, context in
            let query = context.request.uri.queryParameters
            let after = query.get("after", as: Int.self) ?? 0
            let code = query.get("code", as: Int.self) ?? 4000
            let reason: String = query.get("reason").map { String($0) } ?? "bye"
            var echoed = 0
            if after > 0 {
                for try await message in inbound.messages(maxSize: 16 << 20) {
                    try await Self.echo(message, to: outbound)
                    echoed += 1
                    if echoed >= after {
                        break
                    }
                }
            }
            guard (1000...1003).contains(code) || (1007...1014).contains(code) || (3000...4999).contains(code) else {
                try await outbound.close(.policyViolation, reason: "close code \(code) may not be sent")
                return
            }
            try await outbound.close(WebSocketErrorCode(codeNumber: code), reason: reason)
        }
        router.ws("ws/ticks") { inbound, outbound, context in
            let query = context.request.uri.queryParameters
            let count = query.get("count", as: Int.self)
            let interval = query.get("interval", as: Int.self).map { Duration.milliseconds(max(1, $0)) } ?? clock.step
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    var tick = 0
                    let start = ContinuousClock.now
                    while count.map({ tick < $0 }) ?? true {
                        tick += 1
                        try await Task.sleep(until: start + interval * tick, clock: .continuous)
                        let at = Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true))
                        try await outbound.write(.text("{\"tick\":\(tick),\"at\":\"\(at)\"}"))
                    }
                    try await outbound.close(.normalClosure, reason: "done")
                }
                group.addTask {
                    for try await message in inbound.messages(maxSize: 16 << 20) {
                        if case .text(let text) = message {
                            let quoted = String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
                            try await outbound.write(.text("{\"received\":\(quoted)}"))
                        }
                    }
                }
                try await group.next()
                group.cancelAll()
            }
        }
        return router
    }

    /// Adds the `426 Upgrade Required` answers for plain requests to `router`.
    func register(on router: Router<BasicRequestContext>) {
        for path in Self.paths {
            router.get(RouterPath(stringLiteral: path)) { request, _ in
                var response = try ResponseBuilder.json(
                    JSONValue.object([
                        "error": .string("This is a WebSocket endpoint: open ws://HOST:PORT/\(path)")
                    ]),
                    for: request
                )
                response.status = .upgradeRequired
                response.headers[.upgrade] = "websocket"
                return response
            }
        }
    }

    private static func echo(_ message: WebSocketMessage, to outbound: WebSocketOutboundWriter) async throws {
        switch message {
        case .text(let text):
            try await outbound.write(.text(text))
        case .binary(let buffer):
            try await outbound.writeBinaryMessage(buffer)
        }
    }
}
