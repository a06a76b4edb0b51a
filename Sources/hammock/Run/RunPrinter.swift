import Browser
import BrowserRuntime
import Foundation
import Workspace

/// What `hammock run` prints: on a terminal a live line for the request in flight and a line
/// per finished request, in colour unless `NO_COLOR` is set; otherwise plain lines. Failures
/// show expected against actual, the differences, and the request as sent. Everything printed
/// is sanitised (no escape from a server or a file reaches the terminal) and comes from results
/// whose secrets are masked.
final class RunPrinter: @unchecked Sendable {
    private let lock = NSLock()
    private let isTerminal: Bool
    private let usesColour: Bool
    private let verbose: Bool
    private var hasLiveLine = false

    init(verbose: Bool, isTerminal: Bool = isatty(STDOUT_FILENO) == 1) {
        self.verbose = verbose
        self.isTerminal = isTerminal
        let environment = ProcessInfo.processInfo.environment
        usesColour = isTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    /// Shows one step of the run.
    func show(_ progress: RunProgress) {
        switch progress {
        case .started(let item, let attempt, let asDependency):
            guard isTerminal else { return }
            var text = "… \(item.definition.method) \(clean(item.name))"
            if asDependency { text += " (needed first)" }
            if attempt > 1 { text += " (try \(attempt))" }
            live(text)
        case .finished(let result):
            write(lines(for: result))
        case .unreadable(let file):
            write(paint("ERROR", .red) + "  " + clean(file.problem ?? file.path) + "\n")
        }
    }

    /// The closing summary: `12 requests: 10 passed, 1 failed, 1 error, 0 skipped in 1.23 s`.
    func summary(_ result: RunResult) {
        let total = result.requests.count
        let unreadable = result.files.count { $0.problem != nil }
        var parts = [
            paint("\(result.count(.passed)) passed", .green),
            paint("\(result.count(.failed)) failed", result.count(.failed) > 0 ? .red : nil),
            paint(
                "\(result.count(.error)) error\(result.count(.error) == 1 ? "" : "s")",
                result.count(.error) > 0 ? .red : nil),
            "\(result.count(.skipped)) skipped",
        ]
        if unreadable > 0 { parts.append(paint("\(unreadable) unreadable file\(unreadable == 1 ? "" : "s")", .red)) }
        let seconds = Double(result.duration.components.seconds) + Double(result.duration.components.attoseconds) / 1e18
        write(
            "\(total) request\(total == 1 ? "" : "s"): " + parts.joined(separator: ", ")
                + String(format: " in %.2f s", seconds) + "\n")
    }

    /// A message on standard error.
    func error(_ message: String) {
        lock.withLock {
            clearLive()
            FileHandle.standardError.write(Data((clean(message) + "\n").utf8))
        }
    }

    // MARK: Lines

    private func lines(for result: RunRequestResult) -> String {
        let label: String
        switch result.outcome {
        case .passed: label = paint("PASS ", .green)
        case .failed: label = paint("FAIL ", .red)
        case .error: label = paint("ERROR", .red)
        case .skipped: label = paint("SKIP ", .yellow)
        }
        var line = "\(label)  \(clean(result.name))  \(result.method) \(clean(result.url))"
        if let status = result.status { line += "  \(status)" }
        if result.status != nil || result.outcome == .error { line += "  \(milliseconds(result.duration)) ms" }
        if result.attempts > 1 { line += "  (\(result.attempts) tries)" }
        if result.ranAsDependency { line += "  (needed by a later request)" }
        var text = line + "\n"
        let place = result.line.map { "\(result.file):\($0)" } ?? result.file
        if result.outcome == .error || result.outcome == .skipped, let error = result.error {
            text += "       \(clean(place)): \(clean(error))\n"
        }
        for assertion in result.failedAssertions {
            text += "       " + paint("✗", .red) + " \(clean(assertion.source))\n"
            text += "         expected \(clean(assertion.expected))\n"
            text += "         actual   \(clean(assertion.actual))"
            if let path = assertion.path { text += "   (at \(clean(path)))" }
            text += "\n"
            for difference in assertion.differences.prefix(20) {
                text += "         \(clean(difference))\n"
            }
        }
        let failed = result.outcome == .failed || result.outcome == .error
        if (failed || verbose) && !result.requestText.isEmpty {
            text += "       request as sent (\(clean(place))):\n"
            text += indented(result.requestText, by: 9)
            if verbose, let status = result.status {
                text += "       answer: \(status)\n"
                for header in result.responseHeaders {
                    text += "         \(clean(header.name)): \(clean(header.value))\n"
                }
            }
        }
        return text
    }

    private func indented(_ text: String, by spaces: Int) -> String {
        let pad = String(repeating: " ", count: spaces)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(40)
        return lines.map { pad + clean(String($0)) }.joined(separator: "\n") + "\n"
    }

    private func milliseconds(_ duration: Duration) -> Int {
        Int(
            (Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15).rounded())
    }

    private func clean(_ text: String) -> String { TextSanitizer.sanitize(text) }

    // MARK: Output

    private enum Colour: String {
        case red = "31"
        case green = "32"
        case yellow = "33"
    }

    private func paint(_ text: String, _ colour: Colour?) -> String {
        guard usesColour, let colour else { return text }
        return "\u{1B}[\(colour.rawValue)m\(text)\u{1B}[0m"
    }

    private func live(_ text: String) {
        lock.withLock {
            let shown = String(text.prefix(max(10, terminalWidth() - 1)))
            FileHandle.standardOutput.write(Data("\r\u{1B}[2K\(shown)".utf8))
            hasLiveLine = true
        }
    }

    private func write(_ text: String) {
        lock.withLock {
            clearLive()
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }

    private func clearLive() {
        guard hasLiveLine else { return }
        FileHandle.standardOutput.write(Data("\r\u{1B}[2K".utf8))
        hasLiveLine = false
    }

    private func terminalWidth() -> Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
