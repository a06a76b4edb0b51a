/// How many tests of a run or of one file ended each way, as every report counts them.
///
/// A test is a request, and a file that could not be read counts as one test in error, so a
/// broken file never disappears from a report's totals.
struct RunReportCounts: Equatable {
    /// Requests sent and answered with every assertion holding.
    var passed = 0
    /// Requests answered with at least one assertion that did not hold.
    var failed = 0
    /// Requests that could not be sent or completed, and files that could not be read.
    var errors = 0
    /// Requests not run.
    var skipped = 0

    /// Every test: passed, failed, errors and skipped together.
    var total: Int { passed + failed + errors + skipped }

    /// The counts of one file.
    init(_ file: RunFileResult) {
        for request in file.requests { add(request.outcome) }
        if file.problem != nil { errors += 1 }
    }

    /// The counts of a whole run.
    init(_ result: RunResult) {
        for file in result.files {
            let counts = RunReportCounts(file)
            passed += counts.passed
            failed += counts.failed
            errors += counts.errors
            skipped += counts.skipped
        }
    }

    private mutating func add(_ outcome: RunOutcome) {
        switch outcome {
        case .passed: passed += 1
        case .failed: failed += 1
        case .error: errors += 1
        case .skipped: skipped += 1
        }
    }
}
