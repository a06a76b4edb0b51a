import AsyncHTTPClient
import NIOConcurrencyHelpers
import NIOCore

/// A request given to ``HTTP1Pool``, from the moment it is handed over until its sink has heard
/// the end or a failure: waiting for a connection, on a connection being made for it, running on
/// one, or finished.
///
/// Exactly one of the pool, a connection, a timer or ``cancel()`` finishes it, and only the one
/// that does tells the sink: a request cancelled or timed out while it waits is told at once and
/// never starts; one cancelled while it runs is stopped on its connection's event loop, which
/// closes the connection.
final class HTTP1Task: HTTPHop {
    /// Where the task is.
    private enum Phase {
        /// In the pool's queue for the origin, for a connection to be released or made.
        case waiting
        /// A connection is being made for it.
        case connecting
        /// Sent, or being sent, on a connection.
        case running(HTTP1Connection)
        /// Its sink has heard the outcome.
        case finished
    }

    private struct State {
        var phase = Phase.waiting
        /// The timer that ends the task at its deadline while it waits or connects.
        var waitTimer: Scheduled<Void>?
        /// Whether it was put back in the queue once already (see ``requeue()``).
        var wasRequeued = false
        /// Whether ``cancel()`` was called: a running task stops at its connection's next look,
        /// even when it is between connections as the cancel comes.
        var isCancelled = false
    }

    /// The request to send.
    let request: HTTP1Request
    /// Where the response goes.
    let sink: any HTTP1ResponseSink
    /// When the whole exchange must have ended; nil for no limit.
    let deadline: NIODeadline?
    private let state = NIOLockedValueBox(State())
    private let pool: HTTP1Pool

    init(request: HTTP1Request, sink: any HTTP1ResponseSink, deadline: NIODeadline?, pool: HTTP1Pool) {
        self.request = request
        self.sink = sink
        self.deadline = deadline
        self.pool = pool
    }

    /// Takes a running task off its connection to wait again, once: for a request that never
    /// reached the server (its connection was found closed before it went out, or a reused
    /// connection closed without a byte of answer). False when it finished, or was put back once
    /// already.
    func requeue() -> Bool {
        state.withLockedValue { state in
            guard case .running = state.phase, !state.wasRequeued, !state.isCancelled else { return false }
            state.phase = .waiting
            state.wasRequeued = true
            return true
        }
    }

    /// Moves a waiting task to a connection being made for it; false once it has finished.
    func markConnecting() -> Bool {
        state.withLockedValue { state in
            guard case .waiting = state.phase else { return false }
            state.phase = .connecting
            return true
        }
    }

    /// Whether ``cancel()`` was called.
    var isCancelled: Bool {
        state.withLockedValue { $0.isCancelled }
    }

    /// Gives the task to `connection` to run; false once it has finished (it must not run).
    func claim(for connection: HTTP1Connection) -> Bool {
        let (claimed, timer) = state.withLockedValue { state -> (Bool, Scheduled<Void>?) in
            switch state.phase {
            case .waiting, .connecting:
                state.phase = .running(connection)
                defer { state.waitTimer = nil }
                return (true, state.waitTimer)
            case .running, .finished:
                return (false, nil)
            }
        }
        timer?.cancel()
        return claimed
    }

    /// Ends the task at its deadline if it is still waiting or connecting then.
    func armWaitDeadline(on eventLoop: any EventLoop) {
        guard let deadline else { return }
        let timer = eventLoop.scheduleTask(deadline: deadline) { [weak self] () -> Void in
            self?.finishWaiting(with: HTTPClientError.deadlineExceeded)
        }
        let keep = state.withLockedValue { state -> Bool in
            switch state.phase {
            case .waiting, .connecting:
                // One timer is enough: a task that waited and then connects keeps the first.
                guard state.waitTimer == nil else { return false }
                state.waitTimer = timer
                return true
            case .running, .finished:
                return false
            }
        }
        if !keep { timer.cancel() }
    }

    /// Marks the task finished; true when this call did (its caller then tells the sink).
    func finish() -> Bool {
        let (finished, timer) = state.withLockedValue { state -> (Bool, Scheduled<Void>?) in
            if case .finished = state.phase { return (false, nil) }
            state.phase = .finished
            defer { state.waitTimer = nil }
            return (true, state.waitTimer)
        }
        timer?.cancel()
        return finished
    }

    /// Fails the task with `error` unless it has finished.
    func fail(_ error: any Error) {
        if finish() { sink.exchangeFailed(error) }
    }

    /// Fails the task if it is still waiting or connecting (a running task is its connection's
    /// to end).
    private func finishWaiting(with error: any Error, cancelling: Bool = false) {
        let (finished, timer) = state.withLockedValue { state -> (Bool, Scheduled<Void>?) in
            if cancelling { state.isCancelled = true }
            switch state.phase {
            case .waiting, .connecting:
                state.phase = .finished
                defer { state.waitTimer = nil }
                return (true, state.waitTimer)
            case .running, .finished:
                return (false, nil)
            }
        }
        timer?.cancel()
        guard finished else { return }
        pool.forget(self)
        sink.exchangeFailed(error)
    }

    /// Stops the request: a waiting or connecting one fails at once with
    /// `HTTPClientError.cancelled`; a running one is stopped by its connection, which closes (and
    /// one on its way to a connection stops there, unsent).
    func cancel() {
        let connection = state.withLockedValue { state -> HTTP1Connection? in
            guard case .running(let connection) = state.phase else { return nil }
            state.isCancelled = true
            return connection
        }
        if let connection {
            connection.cancel(self)
        } else {
            finishWaiting(with: HTTPClientError.cancelled, cancelling: true)
        }
    }
}
