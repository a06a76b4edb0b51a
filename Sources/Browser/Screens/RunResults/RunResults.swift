import Foundation
import Workspace

/// The results of a run started from the saved requests list: a row per request (✓ passed,
/// ✗ failed, ! an error, – skipped or not run) with its method, status and time, a live count
/// while it runs and a summary once it is over. `Enter` opens a request's exchange, `x` or
/// `Ctrl-C` cancels the run, `r` runs it again, `Esc` closes.
public struct RunResults {
    /// Where the run is.
    public enum Phase: Sendable, Equatable {
        /// Reading the request files.
        case reading
        /// Sending.
        case running
        /// Over, after `seconds`.
        case finished(seconds: Double)
        /// Cancelled, after `seconds`.
        case cancelled(seconds: Double)
        /// It could not start; the sentence says why.
        case failed(String)
    }

    /// What runs.
    public var target: RunTarget
    /// Which run this is: news of an earlier run is ignored.
    public var generation: Int
    /// When it started (the state's clock, seconds since 1970).
    public var started: Double
    /// A row per request, in the order they run.
    public var rows: [RunResultRow] = []
    /// The files that could not be read (`path: sentence`).
    public var problems: [String] = []
    /// The environment in use, if any.
    public var environment: String?
    /// Where the run is.
    public var phase = Phase.reading
    /// The selected row and the scroll position.
    public var position = Viewport(cursor: 0)

    /// A run of `target` that has just started.
    public init(target: RunTarget, generation: Int, started: Double) {
        self.target = target
        self.generation = generation
        self.started = started
    }

    /// True while files are read or requests sent.
    public var isRunning: Bool {
        switch phase {
        case .reading, .running: true
        case .finished, .cancelled, .failed: false
        }
    }

    /// The selected row, if any.
    public var selected: RunResultRow? { rows.indices.contains(position.cursor) ? rows[position.cursor] : nil }

    /// How many rows are done with `outcome`.
    public func count(_ outcome: RunOutcome) -> Int { rows.count { $0.result?.outcome == outcome } }

    /// Rows done (passed, failed, an error or skipped).
    public var doneCount: Int { rows.count { $0.result != nil } }

    /// Takes in news of the run.
    public mutating func apply(_ update: RunUpdate) {
        switch update {
        case .planned(let planned, let problems, let environment):
            rows = planned
            self.problems = problems
            self.environment = environment
            phase = .running
        case .started(var row, let attempt):
            row.state = .running(attempt: attempt)
            if let index = rows.firstIndex(where: { $0.key == row.key && $0.isPending }) {
                rows[index].state = row.state
                rows[index].ranFirst = rows[index].ranFirst || row.ranFirst
            } else {
                // Again (its values went stale), or a request from outside what runs that one
                // in it needs: where the run is now.
                insert(row)
            }
        case .finished(let result):
            let row = RunResultRow(result: result)
            let running = rows.firstIndex { row.key == $0.key && $0.state != .waiting && $0.isPending }
            if let index = running ?? rows.firstIndex(where: { $0.key == row.key && $0.state == .waiting }) {
                rows[index].state = row.state
                rows[index].ranFirst = rows[index].ranFirst || row.ranFirst
            } else {
                insert(row)
            }
        case .ranFirst:
            break
        case .ended(let result, let cancelled):
            let seconds = Self.seconds(result.duration)
            phase = cancelled ? .cancelled(seconds: seconds) : .finished(seconds: seconds)
            for index in rows.indices where rows[index].state != .waiting && rows[index].isPending {
                rows[index].state = .cancelled
            }
        case .failed(let reason):
            phase = .failed(reason)
        }
    }

    /// Puts `row` before the first row still waiting (or last), keeping the cursor on its row.
    private mutating func insert(_ row: RunResultRow) {
        let index = rows.firstIndex { $0.state == .waiting } ?? rows.count
        rows.insert(row, at: index)
        if index <= position.cursor, rows.count > 1 { position.cursor += 1 }
    }

    /// `duration` in seconds.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

extension RunResults {
    /// `5 passed, 1 failed, 2 errors, 1 skipped, 3 not run`: the counts that are not zero
    /// (passed always).
    public static func summary(passed: Int, failed: Int, errors: Int, skipped: Int, notRun: Int) -> String {
        var parts = ["\(passed) passed"]
        if failed > 0 { parts.append("\(failed) failed") }
        if errors > 0 { parts.append("\(errors) error\(errors == 1 ? "" : "s")") }
        if skipped > 0 { parts.append("\(skipped) skipped") }
        if notRun > 0 { parts.append("\(notRun) not run") }
        return parts.joined(separator: ", ")
    }
}
