import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOConcurrencyHelpers
import NIOCore
import ServiceLifecycle

/// A running instance of the hammock demo REST API: an HTTP/1.1 server on a local port with
/// browsable users, posts and comments, plus routes that misbehave on purpose for testing
/// clients.
///
/// ```swift
/// let server = try await DemoServer.start()          // 127.0.0.1, a free port
/// let users = server.baseURL.appending(path: "users")
/// // ...
/// await server.shutdown()
/// ```
///
/// Each server has its own in-memory data, seeded afresh on every ``start(host:port:liveStep:)``:
/// writes through one server are never seen by another, and nothing is persisted. The server
/// logs nothing, so it can run inside a terminal program.
///
/// The live routes (`/orders`, `/live/…`, `/events`, `/live/ndjson`) change by themselves: their
/// state is a function of the number of ``liveStep`` intervals elapsed since the server started.
///
/// Keep a reference for as long as the server should run: when the last reference goes away
/// the server is stopped as by ``shutdown()``, without waiting for it.
public final class DemoServer: Sendable {
    /// The URL of the server's root, `http://HOST:PORT/`, always with a trailing slash, so that
    /// relative paths such as `"users/1"` resolve against it. An IPv6 host appears in brackets.
    public let baseURL: URL

    /// The TCP port the server listens on: the one asked for, or the one the system chose when
    /// ``start(host:port:liveStep:)`` was given port 0.
    public let port: Int

    /// The length of one step of the live routes: each step the live counter counts one more,
    /// order 7 moves to its next status, the live list changes and the streams send one more
    /// event or line.
    public let liveStep: Duration

    private let store: DemoStore
    private let task: Task<Void, any Error>
    private let serviceGroup: ServiceGroup

    private init(
        baseURL: URL,
        port: Int,
        liveStep: Duration,
        store: DemoStore,
        task: Task<Void, any Error>,
        serviceGroup: ServiceGroup
    ) {
        self.baseURL = baseURL
        self.port = port
        self.liveStep = liveStep
        self.store = store
        self.task = task
        self.serviceGroup = serviceGroup
    }

    deinit {
        task.cancel()
    }

    /// Starts a server listening on `host` and `port`, and returns once it accepts connections.
    ///
    /// - Parameters:
    ///   - host: The address to bind, `"127.0.0.1"` by default. Binding to anything but a
    ///     loopback address exposes the demo data (and its writable routes) to the network.
    ///   - port: The port to bind; 0 (the default) lets the system choose a free port, which
    ///     ``port`` then reports.
    ///   - liveStep: How often the live routes change: 2 seconds by default; tests pass tens of
    ///     milliseconds. Steps shorter than a millisecond are raised to one.
    /// - Throws: The network stack's error when the address cannot be bound (for example a port
    ///   already in use), or ``DemoServerError/didNotStart`` if the server stopped before it
    ///   listened.
    public static func start(
        host: String = "127.0.0.1", port: Int = 0, liveStep: Duration = .seconds(2)
    ) async throws -> DemoServer {
        let store = DemoStore()
        let clock = LiveClock(step: liveStep)
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            router: RouterFactory.makeRouter(store: store, clock: clock),
            server: HTTPServerBuilder { responder in
                ClosingChildChannel(
                    inner: HTTP1WebSocketUpgradeChannel(
                        responder: responder,
                        webSocketResponder: WebSocketRoutes(clock: clock).makeRouter().buildResponder(),
                        configuration: WebSocketServerConfiguration(maxFrameSize: 16 << 20)))
            },
            configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? port)
                portContinuation.finish()
            },
            logger: Logger(label: "DemoAPI", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        let serviceGroup = ServiceGroup(
            services: [application], logger: Logger(label: "DemoAPI", factory: { _ in SwiftLogNoOpLogHandler() }))
        // The server's connection and route tasks are children of this one, so they run on its
        // executor.
        let task = Task(executorPreference: DemoServerExecutor.shared) {
            defer { portContinuation.finish() }
            try await serviceGroup.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let boundPort = await iterator.next() else {
            try await task.value
            throw DemoServerError.didNotStart
        }
        let urlHost = host.contains(":") ? "[\(host)]" : host
        guard let baseURL = URL(string: "http://\(urlHost):\(boundPort)/") else {
            task.cancel()
            _ = await task.result
            throw DemoServerError.didNotStart
        }
        return DemoServer(
            baseURL: baseURL, port: boundPort, liveStep: clock.step, store: store, task: task,
            serviceGroup: serviceGroup)
    }

    /// The number of requests received so far for exactly `path` (for example `"/counter"`),
    /// whatever their method, query or outcome, including requests that matched no route.
    ///
    /// The path is compared as sent on the wire, so `"/users/1"` and `"/users/1/"` are counted
    /// apart. A request is counted when its head has been read, before its route runs.
    public func requestCount(forPath path: String) -> Int {
        store.requestCount(forPath: path)
    }

    /// The bytes of the last request body that `/anything` (or a path below it) received at
    /// exactly `path`, as they arrived (the first MiB); requests without a body leave it as it
    /// was. Nil when no body arrived there.
    public func lastRequestBody(forPath path: String) -> Data? {
        store.lastBody(forPath: path)
    }

    /// Sets every request count back to zero, including the one that `GET /counter` reports.
    public func resetRequestCounts() {
        store.resetRequestCounts()
    }

    /// The number of streamed responses (`/events`, `/live/ndjson`) being written right now. A
    /// stream stops, and leaves this count, when it reaches its `count` or `drop` limit, when
    /// the server shuts down, or when a write fails after the client has gone away (the first
    /// write after that may still succeed, so this takes up to two steps).
    public var openStreamCount: Int {
        store.openStreamCount()
    }

    /// Stops the server: it stops listening first, gives requests in flight a quarter of a second
    /// to finish, then ends the remaining connections (a response being streamed is cut off) and
    /// returns once the server has stopped, or once `patience` has passed since the connections
    /// were ended, whichever comes first: a connection that does not end in that time is left
    /// to end in the background, and the result says so. Safe to call more than once and from
    /// several tasks at a time; later calls return when the server is stopped.
    ///
    /// - Parameter patience: How long to wait for the server to stop after ending its
    ///   connections; 5 seconds by default.
    /// - Returns: `true` when the server has stopped, `false` when `patience` ran out first.
    @discardableResult
    public func shutdown(patience: Duration = .seconds(5)) async -> Bool {
        await serviceGroup.triggerGracefulShutdown()
        let task = self.task
        let deadline = Task {
            try await Task.sleep(nanoseconds: 250_000_000)
            task.cancel()
        }
        // Whichever comes first, the server's end or the patience running out, gives the answer.
        let waiting = NIOLockedValueBox<(answer: CheckedContinuation<Bool, Never>?, timer: Task<Void, Never>?)>(
            (nil, nil))
        let stopped = await withCheckedContinuation { continuation in
            waiting.withLockedValue { $0.answer = continuation }
            let answer: @Sendable (Bool) -> Void = { stopped in
                waiting.withLockedValue {
                    $0.answer?.resume(returning: stopped)
                    $0.answer = nil
                }
            }
            let timer = Task {
                _ = await deadline.result
                if (try? await Task.sleep(for: patience)) != nil { answer(false) }
            }
            waiting.withLockedValue { $0.timer = timer }
            Task {
                _ = await task.result
                answer(true)
            }
        }
        deadline.cancel()
        waiting.withLockedValue { $0.timer }?.cancel()
        return stopped
    }
}
