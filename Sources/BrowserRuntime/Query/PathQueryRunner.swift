import Browser
import Foundation
import OrderedJSON

/// Runs the query pane's JSONPath expressions off the main actor, one at a time.
///
/// A run waits for a pause in typing first (``pause``), so a burst of keys costs one query; a
/// newer run, or closing the pane, cancels the one going (the evaluation checks for it as it
/// walks). While it runs it reports how many matches it has found, at most ten times a second;
/// the first matches are kept as they come, up to what the pane shows.
@MainActor
final class PathQueryRunner {
    /// Where news of each run goes.
    var dispatch: @MainActor (Action) -> Void = { _ in }
    /// How long typing must pause before a query runs.
    var pause: Duration = .milliseconds(120)
    private var task: Task<Void, Never>?

    /// Runs `expression` over `document` as run `generation`, stopping the one going.
    func run(_ expression: String, over document: JSONDocument, generation: Int) {
        task?.cancel()
        let dispatch = dispatch
        let pause = pause
        task = Task.detached(priority: .userInitiated) {
            try? await Task.sleep(for: pause)
            guard !Task.isCancelled else { return }
            let update = Self.evaluate(expression, over: document) { matches in
                Task { @MainActor in dispatch(.pathQuery(generation: generation, .progress(matches: matches))) }
            }
            guard let update, !Task.isCancelled else { return }
            await dispatch(.pathQuery(generation: generation, update))
        }
    }

    /// Stops the run going, if any.
    func cancel() {
        task?.cancel()
        task = nil
    }

    /// The outcome of one query; nil when it was cancelled. `progress` hears the count of
    /// matches so far now and then.
    nonisolated static func evaluate(
        _ expression: String, over document: JSONDocument, progress: (Int) -> Void
    ) -> PathQueryUpdate? {
        let started = DispatchTime.now()
        let path: JSONPath
        do {
            path = try JSONPath(expression)
        } catch {
            return .failed(error)
        }
        var sources: [Int] = []
        var bytes = 0
        var count = 0
        var reported = DispatchTime.now()
        let completed = path.forEachMatch(in: document) { node in
            count += 1
            if sources.count < PathQueryResult.maximumShown, bytes < PathQueryResult.maximumBytes {
                sources.append(node.entry)
                bytes += document.valueRange(node.entry).count
            }
            if count % 256 == 0, DispatchTime.now().uptimeNanoseconds - reported.uptimeNanoseconds > 100_000_000 {
                reported = DispatchTime.now()
                progress(count)
            }
            return true
        }
        guard completed, !Task.isCancelled else { return nil }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        return .finished(
            PathQueryResult.make(expression: expression, sources: sources, in: document, count: count, seconds: seconds)
        )
    }
}
