import NIOPosix

/// The threads the demo servers' tasks run on: connections, routes, WebSocket handlers and the
/// actors they call.
///
/// Swift's global executor has one thread per core, shared with everything else in the process,
/// and takes jobs in turn. A server that ran there would answer only once the jobs queued before
/// its request had run: in hammock, after the browser's parsing and indexing; in a test run,
/// after hundreds of tests. On threads of its own it answers as soon as the system schedules it.
final class DemoServerExecutor: TaskExecutor {
    /// The executor every ``DemoServer`` in the process uses.
    static let shared = DemoServerExecutor(threads: 2)

    private let pool: NIOThreadPool

    private init(threads: Int) {
        pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        pool.submit { _ in job.runSynchronously(on: executor) }
    }
}
