import Foundation

/// Runs blocking work (a child process, a blocking read) on a thread of its own.
///
/// Swift's cooperative pool has one thread per core, two on the CI machine. Work that blocks one
/// of them (even inside `Task.detached`) holds up every test in the process, and when the work
/// waits for a server running in the same process (curl asking the demo API), the server's
/// handlers wait for a free thread too, and both stand still until a timeout.
public enum OffPool {
    /// Runs `work` on a new thread and returns its result, or throws its error.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }
}
