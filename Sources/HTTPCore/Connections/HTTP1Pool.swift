import AsyncHTTPClient
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix

/// The HTTP core's own engine for plain HTTP/1.1: kept-alive TCP connections by origin, one
/// request at a time on each, straight over NIO's HTTP/1 codec.
///
/// ``HTTPTransport`` sends `http` requests to hosts reached directly through it, and everything
/// else (HTTPS, proxies, connection retries) through AsyncHTTPClient.
/// What goes on the wire is the same either way: the same request framing (``HTTP1Request``),
/// the same response decoder and decompressor (`Accept-Encoding: deflate, gzip` when it
/// decompresses), the same errors. What differs is the cost: no per-request state machine, no
/// hop between event loops, a connection handed from one request to the next on its own loop.
///
/// A request takes the origin's most recently used idle connection; with none idle, a new one
/// is made while fewer than ``Configuration/maximumConnectionsPerOrigin`` are open; otherwise it
/// waits its turn, and a connection that finishes a response starts the next waiting request
/// itself. An idle connection closes after ``Configuration/idleTimeout``. Connecting fails as
/// NIO reports it (a connect timeout as `HTTPClientError.connectTimeout`); a request that fails
/// to connect is not retried.
final class HTTP1Pool: Sendable {
    /// How connections are made and kept.
    struct Configuration: Sendable {
        /// How long a TCP connection may take.
        var connectTimeout: TimeAmount
        /// How long a response may send nothing; nil for no limit.
        var readTimeout: TimeAmount?
        /// How much a gzip or deflate body may expand; nil leaves bodies as sent (and asks for
        /// no encoding).
        var decompressionLimit: NIOHTTPDecompression.DecompressionLimit?
        /// Connections open at once to one origin, AsyncHTTPClient's default.
        var maximumConnectionsPerOrigin = 8
        /// How long a connection stays open without a request.
        var idleTimeout = TimeAmount.seconds(60)
    }

    /// The connections and waiting requests of one origin.
    private struct Origin {
        /// Connections with no request, the most recently used last, with the time each became
        /// idle.
        var idle: [(connection: HTTP1Connection, since: NIODeadline)] = []
        /// Connections open or being made.
        var open = 0
        /// Requests waiting for a connection, in order.
        var waiting = CircularBuffer<HTTP1Task>()

        /// Whether nothing is open, idle or waiting.
        var isUnused: Bool { open == 0 && idle.isEmpty && waiting.isEmpty }
    }

    private struct State {
        var origins: [HTTP1Origin: Origin] = [:]
        /// Every connection open, to close them on shutdown.
        var connections: [ObjectIdentifier: HTTP1Connection] = [:]
        var isShutdown = false
    }

    /// What to do with a request handed to the pool.
    private enum Step {
        case run(HTTP1Connection)
        case connect
        case wait
        case refuse
        /// The request ended before it was queued (cancelled as it was put back): nothing to do.
        case skip
    }

    let configuration: Configuration
    private let group: any EventLoopGroup
    private let state = NIOLockedValueBox(State())

    /// Creates an empty pool whose connections live on `group`'s event loops.
    init(configuration: Configuration, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) {
        self.configuration = configuration
        self.group = group
    }

    /// Sends `request`; `sink` hears of it on the connection's event loop. Ends by `deadline`
    /// when one is given. Returns the handle that cancels it.
    func execute(_ request: HTTP1Request, sink: any HTTP1ResponseSink, deadline: NIODeadline?) -> HTTP1Task {
        let task = HTTP1Task(request: request, sink: sink, deadline: deadline, pool: self)
        enqueue(task)
        return task
    }

    /// Gives `task` (waiting) a connection: an idle one, a new one, or its turn in the queue.
    func enqueue(_ task: HTTP1Task) {
        let origin = task.request.origin
        let step = state.withLockedValue { state -> Step in
            guard !state.isShutdown else { return .refuse }
            var entry = state.origins[origin] ?? Origin()
            defer { state.origins[origin] = entry }
            if let idle = entry.idle.popLast() {
                if task.claim(for: idle.connection) { return .run(idle.connection) }
                entry.idle.append(idle)
                return .skip
            }
            if entry.open < configuration.maximumConnectionsPerOrigin {
                guard task.markConnecting() else { return .skip }
                entry.open += 1
                return .connect
            }
            entry.waiting.append(task)
            return .wait
        }
        switch step {
        case .run(let connection): connection.run(task, reused: true)
        case .connect: connect(to: origin, for: task)
        case .wait: task.armWaitDeadline(on: group.next())
        case .refuse: task.fail(HTTPClientError.alreadyShutdown)
        case .skip: break
        }
    }

    /// Makes a connection to `origin` and runs `task` on it, or fails `task` with the reason it
    /// could not be made.
    private func connect(to origin: HTTP1Origin, for task: HTTP1Task) {
        let eventLoop = group.next()
        task.armWaitDeadline(on: eventLoop)
        let readTimeout = configuration.readTimeout
        let decompressionLimit = configuration.decompressionLimit
        let bootstrap = ClientBootstrap(group: eventLoop)
            .connectTimeout(configuration.connectTimeout)
            .channelInitializer { [self] channel in
                channel.eventLoop.makeCompletedFuture {
                    let sync = channel.pipeline.syncOperations
                    try sync.addHandler(HTTPRequestEncoder())
                    try sync.addHandler(ByteToMessageHandler(HTTPResponseDecoder(leftOverBytesStrategy: .dropBytes)))
                    if let decompressionLimit {
                        try sync.addHandler(NIOHTTPResponseDecompressor(limit: decompressionLimit))
                    }
                    let handler = HTTP1ConnectionHandler(pool: self, readTimeout: readTimeout)
                    try sync.addHandler(handler)
                    handler.connection = HTTP1Connection(origin: origin, channel: channel, handler: handler)
                }
            }
        ClientBootstrap.connect(bootstrap, host: origin.host, port: origin.port, startingOn: eventLoop)
            .whenComplete { result in
                switch result {
                case .success(let channel):
                    self.connected(channel, to: origin, for: task)
                case .failure(let error):
                    self.connectionFailed(to: origin)
                    if case ChannelError.connectTimeout = error {
                        task.fail(HTTPClientError.connectTimeout)
                    } else {
                        task.fail(error)
                    }
                }
            }
    }

    /// A connection made for `task` is up: `task` runs on it, or, when it ended meanwhile, the
    /// connection serves the next waiting request or waits idle.
    private func connected(_ channel: any Channel, to origin: HTTP1Origin, for task: HTTP1Task) {
        let connection = try? channel.pipeline.syncOperations.handler(type: HTTP1ConnectionHandler.self).connection
        guard let connection else {
            channel.close(promise: nil)
            connectionFailed(to: origin)
            task.fail(ChannelError.ioOnClosedChannel)
            return
        }
        let isShutdown = state.withLockedValue { state in
            if !state.isShutdown { state.connections[ObjectIdentifier(connection)] = connection }
            return state.isShutdown
        }
        channel.closeFuture.whenComplete { _ in self.closed(connection) }
        if isShutdown {
            connection.close()
            task.fail(HTTPClientError.alreadyShutdown)
        } else if task.claim(for: connection) {
            connection.run(task, reused: false)
        } else {
            release(connection)
        }
    }

    /// A connection could not be made: its slot goes to the next waiting request, if any.
    private func connectionFailed(to origin: HTTP1Origin) {
        let next = state.withLockedValue { state -> HTTP1Task? in
            guard var entry = state.origins[origin] else { return nil }
            defer { state.origins[origin] = entry.isUnused ? nil : entry }
            entry.open -= 1
            return Self.takeWaiterToConnect(&entry)
        }
        if let next { connect(to: origin, for: next) }
    }

    /// The first waiting request that can still use a connection, counted as connecting.
    private static func takeWaiterToConnect(_ entry: inout Origin) -> HTTP1Task? {
        while let task = entry.waiting.popFirst() {
            if task.markConnecting() {
                entry.open += 1
                return task
            }
        }
        return nil
    }

    /// A connection finished a response and can serve another: it runs the next waiting request
    /// at once, on its own event loop, or waits idle. On the connection's event loop.
    func release(_ connection: HTTP1Connection) {
        let origin = connection.origin
        let next = state.withLockedValue { state -> HTTP1Task?? in
            guard !state.isShutdown else { return .none }
            var entry = state.origins[origin] ?? Origin()
            defer { state.origins[origin] = entry }
            while let task = entry.waiting.popFirst() {
                if task.claim(for: connection) { return .some(task) }
            }
            entry.idle.append((connection, .now()))
            return .some(nil)
        }
        switch next {
        case .none: connection.close()
        case .some(let task?): connection.run(task, reused: true)
        case .some(nil): connection.scheduleIdleCheck(after: configuration.idleTimeout)
        }
    }

    /// Closes `connection` if it has been idle for the idle timeout; returns how long until it
    /// would be, when it is idle for less, or nil when it is not idle (closed or in use).
    func closeIfIdle(_ connection: HTTP1Connection) -> TimeAmount? {
        let timeout = configuration.idleTimeout
        let (close, remaining) = state.withLockedValue { state -> (Bool, TimeAmount?) in
            guard var entry = state.origins[connection.origin],
                let index = entry.idle.firstIndex(where: { $0.connection === connection })
            else { return (false, nil) }
            let due = entry.idle[index].since + timeout
            let now = NIODeadline.now()
            guard due <= now else { return (false, due - now) }
            entry.idle.remove(at: index)
            state.origins[connection.origin] = entry
            return (true, nil)
        }
        if close { connection.close() }
        return remaining
    }

    /// A connection closed: it leaves the pool, and its slot goes to the next waiting request.
    private func closed(_ connection: HTTP1Connection) {
        let origin = connection.origin
        let next = state.withLockedValue { state -> HTTP1Task? in
            state.connections[ObjectIdentifier(connection)] = nil
            guard var entry = state.origins[origin] else { return nil }
            // An origin with nothing open and nobody waiting is forgotten.
            defer { state.origins[origin] = entry.isUnused ? nil : entry }
            entry.idle.removeAll { $0.connection === connection }
            entry.open -= 1
            return state.isShutdown ? nil : Self.takeWaiterToConnect(&entry)
        }
        if let next { connect(to: origin, for: next) }
    }

    /// Takes a request that ended while it waited out of its origin's queue.
    func forget(_ task: HTTP1Task) {
        state.withLockedValue { state in
            let origin = task.request.origin
            guard var entry = state.origins[origin] else { return }
            if let index = entry.waiting.firstIndex(where: { $0 === task }) {
                entry.waiting.remove(at: index)
                state.origins[origin] = entry
            }
        }
    }

    /// Closes every connection and fails the waiting requests with
    /// `HTTPClientError.alreadyShutdown`, as later ones will; a request running is cancelled
    /// (`HTTPClientError.cancelled`).
    func shutdown() {
        let (connections, waiting) = state.withLockedValue { state in
            state.isShutdown = true
            defer { state.connections = [:] }
            let waiting = state.origins.values.flatMap { $0.waiting }
            for origin in state.origins.keys { state.origins[origin]?.waiting.removeAll() }
            return (Array(state.connections.values), waiting)
        }
        for task in waiting { task.fail(HTTPClientError.alreadyShutdown) }
        for connection in connections { connection.shutDown() }
    }
}
