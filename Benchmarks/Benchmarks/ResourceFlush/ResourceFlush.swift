import BenchmarkData
import Foundation
import Siesta

/// Asks a service for a million distinct resources in a plain executable (glibc's default
/// allocator settings), flushes them, and reports the process's resident memory at each step, all
/// of it and the anonymous part (the heap and other private memory, without the pages of the
/// binary and libraries that the run touched):
///
///     ResourceFlush [count]
///
/// Prints one `name value` line per figure, in megabytes.
@main
struct ResourceFlush {
    @MainActor
    static func main() async throws {
        let count = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000_000
        report("start")
        let service = Service(baseURL: "http://bench.invalid/api/v1")
        service.cachedResourceCountLimit = 2 * count
        for index in 0..<count {
            _ = service.resource("/item/\(index)")
        }
        precondition(service.cachedResources.count == count)
        report("full")
        service.flushUnusedResources()
        precondition(service.cachedResources.isEmpty)
        report("flushed")
        for second in 1...3 {
            try await Task.sleep(for: .seconds(1))
            report("flushed_\(second)s")
        }
    }

    /// Prints VmRSS and RssAnon under `step`.
    static func report(_ step: String) {
        print("rss_\(step)_mb \(ResidentMemory.megabytes())")
        print("anon_\(step)_mb \(ResidentMemory.anonymousMegabytes())")
    }
}
