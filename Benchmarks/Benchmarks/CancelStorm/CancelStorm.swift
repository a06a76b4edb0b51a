import BenchmarkData
import Foundation
import Siesta

/// Starts many Siesta loads of one large body at once, cancels them all, and reports how long the
/// `load()` calls took, whether every resource reported `requestCancelled`, and the process's
/// resident memory before, at the cancel and after it, so that a transfer that keeps downloading
/// (or buffers that stay) after a cancel shows as memory.
///
///     CancelStorm URL [count] [delay-ms]
///
/// The cancel comes `delay-ms` milliseconds (300 by default) after the last `load()`, while the
/// transfers run. Each load asks for `URL?n=<i>`, so that Siesta does not merge them into one request. Prints
/// one `name value` line per figure. `scripts/measure-cancel-storm.sh` serves the body and runs it.
@main
struct CancelStorm {
    static func main() async throws {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2, let url = URL(string: arguments[1]) else {
            FileHandle.standardError.write(Data("usage: CancelStorm URL [count] [delay-ms]\n".utf8))
            exit(2)
        }
        let positional = arguments.dropFirst(2).filter { !$0.hasPrefix("--") }
        let flags = Set(arguments.dropFirst(2).filter { $0.hasPrefix("--") })
        let count = positional.first.flatMap { Int($0) } ?? 2000
        let delay = positional.dropFirst().first.flatMap { Int($0) } ?? 300
        try await run(url: url, count: count, delay: delay, flags: flags)
    }

    @MainActor
    static func run(url: URL, count: Int, delay: Int, flags: Set<String>) async throws {
        let base = url.deletingLastPathComponent().absoluteString
        let service =
            flags.contains("--standard-transformers")
            ? Service(baseURL: base) : Service(baseURL: base, standardTransformers: [])
        let resources = (0..<count).map {
            flags.contains("--same-resource")
                ? service.resource(absoluteURL: url) : service.resource(absoluteURL: url).withParam("n", String($0))
        }
        let counter = CancelCounter()
        var seen = Set<ObjectIdentifier>()
        let distinct = resources.filter { seen.insert(ObjectIdentifier($0)).inserted }
        for resource in distinct {
            resource.addObserver(owner: counter) { _, event in
                if case .requestCancelled = event { counter.cancelled += 1 }
            }
        }
        print("count \(count)")
        print("rss_before_mb \(ResidentMemory.megabytes())")

        let started = ContinuousClock.now
        let cancelEach = flags.contains("--cancel-each")
        let requests = resources.map { resource in
            let request = resource.load()
            if cancelEach { request.cancel() }
            return request
        }
        let loadCalls = ContinuousClock.now - started
        print("load_calls_ms \(milliseconds(loadCalls))")
        var peak = ResidentMemory.megabytes()
        let cancelTime = ContinuousClock.now + .milliseconds(delay)
        while ContinuousClock.now < cancelTime {
            try await Task.sleep(for: .milliseconds(10))
            peak = max(peak, ResidentMemory.megabytes())
        }
        print("cancel_late_ms \(milliseconds(ContinuousClock.now - cancelTime))")
        print("rss_peak_before_cancel_mb \(peak)")
        print("rss_at_cancel_mb \(ResidentMemory.megabytes())")

        let cancelStarted = ContinuousClock.now
        for request in requests { request.cancel() }
        print("cancel_calls_ms \(milliseconds(ContinuousClock.now - cancelStarted))")
        let stillLoading = resources.filter(\.isLoading).count
        print("loading_after_cancel \(stillLoading)")
        print("requestCancelled_events \(counter.cancelled)")

        peak = 0
        for tenth in 1...30 {
            try await Task.sleep(for: .milliseconds(100))
            let resident = ResidentMemory.megabytes()
            peak = max(peak, resident)
            if tenth == 5 { print("rss_0.5s_after_mb \(resident)") }
        }
        print("rss_peak_after_cancel_mb \(peak)")
        print("rss_3s_after_mb \(ResidentMemory.megabytes())")
        if flags.contains("--wait-10s") {
            try await Task.sleep(for: .seconds(7))
            print("rss_10s_after_mb \(ResidentMemory.megabytes())")
        }
        // Loads that finished before the cancel keep their body as the resource's data.
        // Text content counts as its bytes (and the body it was decoded from, which the entity no
        // longer holds, does not).
        let held = distinct.compactMap { resource -> Int? in
            switch resource.latestData?.content {
            case let data as Data: data.count
            case let text as String: text.utf8.count
            default: nil
            }
        }
        print("resources_with_data \(held.count)")
        print("data_held_mb \(held.reduce(0, +) / (1024 * 1024))")
        withExtendedLifetime(counter) {}
    }

    static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }
}

/// Counts `requestCancelled` events.
@MainActor
final class CancelCounter {
    var cancelled = 0
}
