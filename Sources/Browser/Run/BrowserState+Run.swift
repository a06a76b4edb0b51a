import Foundation
import Workspace

extension BrowserState {
    /// Starts a run of `target`: its results layer (to open) and the command that runs it.
    mutating func startRun(_ target: RunTarget) -> (RunResults, [Command]) {
        runGeneration += 1
        runTargets[runGeneration] = target
        let results = RunResults(target: target, generation: runGeneration, started: now)
        return (results, [.startRun(target, generation: runGeneration)])
    }

    /// News of run `generation`: its list follows (when still open) and Events says what
    /// matters: what runs, a request that ran first for another, files that could not be read,
    /// and how it ended.
    mutating func applyRunUpdate(generation: Int, _ update: RunUpdate) {
        let title = runTargets[generation]?.title ?? "a run"
        updateRunResults(generation) { $0.apply(update) }
        func note(_ detail: String, isError: Bool = false) {
            log(EventLogEntry(time: now, name: "run", resource: "", detail: detail, kind: isError ? .error : .note))
        }
        switch update {
        case .planned(let rows, let problems, let environment):
            let count = "\(rows.count) request\(rows.count == 1 ? "" : "s")"
            note("\(title): \(count)" + (environment.map { ", environment \($0)" } ?? ""))
            for problem in problems { note(problem, isError: true) }
        case .ranFirst(let request, let placeholders, let neededBy):
            let values = placeholders.joined(separator: ", ")
            note("\(request) ran first: \(values) \(placeholders.count == 1 ? "was" : "were") needed by \(neededBy)")
        case .ended(let result, let cancelled):
            runTargets[generation] = nil
            let summary = RunResults.summary(
                passed: result.count(.passed), failed: result.count(.failed), errors: result.count(.error),
                skipped: result.count(.skipped), notRun: 0)
            let seconds = Format.milliseconds(RunResults.seconds(result.duration))
            let failed = result.count(.failed) + result.count(.error) > 0
            note(
                "\(title) " + (cancelled ? "cancelled" : "done") + ": \(summary) · \(seconds)",
                isError: failed || cancelled)
        case .failed(let reason):
            runTargets[generation] = nil
            note(reason, isError: true)
            status = StatusMessage(reason, isError: true)
        case .started, .finished:
            break
        }
    }

    /// Changes the results layer of run `generation`, if it is still open.
    private mutating func updateRunResults(_ generation: Int, _ change: (inout RunResults) -> Void) {
        guard let index = layers.lastIndex(where: { ($0 as? RunResults)?.generation == generation }),
            var results = layers[index] as? RunResults
        else { return }
        change(&results)
        layers[index] = results
    }
}
