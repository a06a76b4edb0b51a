import Foundation

/// Runs blocking work (a child process, a blocking read) or seconds of CPU work (parsing a 10 MB
/// description in a debug build) on a thread of its own.
///
/// Swift's cooperative pool has one thread per core, two on the CI machine. Work that holds one
/// of them (even inside `Task.detached`) holds up every test in the process, and the demo API's
/// handlers, which run there too: a request made meanwhile waits for a free thread, past its
/// timeout when two such tests run at once. On a thread of its own the work shares the cores
/// with everything else instead.
public enum OffPool {
    /// Runs `work` on a new thread and returns its result, or throws its error.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }
}
