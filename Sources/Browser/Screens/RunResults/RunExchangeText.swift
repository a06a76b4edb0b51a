import Foundation
import Workspace

/// One request of a run as the viewer shows it: how it ended, the request as sent, the
/// answer's status, headers and the start of its body, every assertion with what was expected
/// and found (and where, and how the bodies differ) for those that failed, and the values
/// captured. Secrets come masked in the result and stay so.
public enum RunExchangeText {
    /// The viewer's note: `GET 200 · 12 ms · passed`.
    public static func note(of result: RunRequestResult) -> String {
        var parts = [result.method + (result.status.map { " \($0)" } ?? "")]
        if result.status != nil { parts.append(Format.milliseconds(RunResults.seconds(result.duration))) }
        parts.append(outcomeText(result))
        return parts.joined(separator: " · ")
    }

    /// The whole text.
    public static func text(of result: RunRequestResult) -> String {
        var lines: [String] = []
        lines.append("\(result.name): \(outcomeText(result))")
        lines.append("file  \(result.file)" + (result.line.map { ":\($0)" } ?? ""))
        if result.attempts > 1 { lines.append("tries \(result.attempts)") }
        if result.ranAsDependency { lines.append("ran first: a later request needed its values") }
        if let error = result.error { lines.append("error \(error)") }
        lines.append("")
        lines.append("── request as sent ──")
        lines +=
            result.requestText.isEmpty
            ? ["\(result.method) \(result.url)", "(not sent)"] : textLines(result.requestText)
        lines.append("")
        lines.append("── answer ──")
        if let status = result.status {
            lines.append("status \(status) · \(Format.milliseconds(RunResults.seconds(result.duration)))")
            lines += result.responseHeaders.map { "\($0.name): \($0.value)" }
            lines.append("")
            lines += result.responseBody.isEmpty ? ["(no body)"] : textLines(result.responseBody)
        } else {
            lines.append("(none)")
        }
        lines.append("")
        let failed = result.failedAssertions.count
        lines.append(
            "── assertions: \(result.assertions.count)"
                + (result.assertions.isEmpty ? "" : ", \(result.assertions.count - failed) passed, \(failed) failed")
                + " ──")
        for assertion in result.assertions {
            lines.append((assertion.passed ? "✓ " : "✗ ") + assertion.source)
            guard !assertion.passed else { continue }
            lines.append("    expected    \(assertion.expected)")
            lines.append("    actual      \(assertion.actual)")
            if let path = assertion.path { lines.append("    at          \(path)") }
            if !assertion.differences.isEmpty {
                lines.append("    differences")
                lines += assertion.differences.map { "      " + $0 }
            }
        }
        if !result.captures.isEmpty {
            lines.append("")
            lines.append("── captures: \(result.captures.count) ──")
            lines += result.captures.map { "\($0.name) = \($0.shownValue)" }
        }
        return lines.joined(separator: "\n")
    }

    /// `passed`, `failed: 1 of 3 assertions`, `error`, `skipped`.
    static func outcomeText(_ result: RunRequestResult) -> String {
        switch result.outcome {
        case .passed: return "passed"
        case .failed: return "failed: \(result.failedAssertions.count) of \(result.assertions.count) assertions"
        case .error: return "error"
        case .skipped: return "skipped"
        }
    }

    /// The lines of `text` (a CRLF line break counted once), without empty lines at its end.
    private static func textLines(_ text: String) -> [String] {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
