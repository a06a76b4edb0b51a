import Foundation

/// The pieces of text the run reports share: durations, dates, control characters shown as
/// escapes, and the plain-text account of a request's failures and answer.
enum RunReportText {
    /// How many characters of a response body a report shows as its start.
    static let bodyStartLimit = 4096

    /// Whole milliseconds of `duration`, rounded to nearest, never negative.
    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let total = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        guard total.isFinite, total > 0 else { return 0 }
        return total >= Double(Int.max) ? Int.max : Int(total.rounded())
    }

    /// `duration` in seconds with three decimals (`0.042`, `12.500`), rounded to the
    /// millisecond, never negative.
    static func seconds(_ duration: Duration) -> String {
        let total = milliseconds(duration)
        let fraction = String(total % 1000)
        return "\(total / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// `date` in UTC as ISO 8601 to the second without a zone designator
    /// (`2026-03-01T12:30:05`), the form the JUnit schemas' timestamp pattern allows.
    static func junitTimestamp(_ date: Date) -> String {
        // `2026-03-01T12:30:05.042Z` without its milliseconds and zone.
        String(HARDates.iso(date).prefix(19))
    }

    /// `date` in UTC as ISO 8601 with milliseconds and `Z` (`2026-03-01T12:30:05.042Z`).
    static func isoTimestamp(_ date: Date) -> String {
        HARDates.iso(date)
    }

    /// True for the scalars no report writes raw: C0 controls other than tab, line feed and
    /// carriage return, DEL, C1 controls, and the non-characters U+FFFE and U+FFFF (which XML
    /// forbids).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return false
        case 0x00...0x1F, 0x7F...0x9F, 0xFFFE, 0xFFFF: return true
        default: return false
        }
    }

    /// `scalar` as the text a report shows for it: `\u{1B}` (upper-case hex).
    static func shown(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// `text` with every scalar ``isControl(_:)`` names shown as `\u{…}`.
    static func showingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) { result += shown(scalar) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// The first ``bodyStartLimit`` characters of `body`, with `…` when it was cut.
    static func bodyStart(_ body: String) -> String {
        body.count > bodyStartLimit ? String(body.prefix(bodyStartLimit)) + "…" : body
    }

    /// The name a report gives a request: its own name, or `METHOD url` when it has none.
    static func testName(_ request: RunRequestResult) -> String {
        request.name.isEmpty ? "\(request.method) \(request.url)" : request.name
    }

    /// `file:line`, or the file alone when the line is not known.
    static func location(_ request: RunRequestResult) -> String {
        request.line.map { "\(request.file):\($0)" } ?? request.file
    }

    /// The line a file's problem names when it starts `path:LINE:` (`api.http:12:1: …`), if it
    /// does.
    static func problemLine(_ problem: String, in path: String) -> Int? {
        guard problem.hasPrefix(path + ":") else { return nil }
        let digits = problem.dropFirst(path.count + 1).prefix { $0.isASCII && $0.isNumber }
        return digits.isEmpty ? nil : Int(digits)
    }

    /// One line saying why a failed request failed: the one failed assertion's message, or how
    /// many of the assertions failed and the first one's message.
    static func failureMessage(_ request: RunRequestResult) -> String {
        let failed = request.failedAssertions
        guard let first = failed.first else { return "The request failed." }
        if failed.count == 1 { return first.message }
        return "\(failed.count) of \(request.assertions.count) assertions failed; first: \(first.message)"
    }

    /// The sentence saying why a request could not be sent or completed.
    static func errorMessage(_ request: RunRequestResult) -> String {
        request.error ?? "The request could not be sent or completed."
    }

    /// Why a request was not run.
    static func skipReason(_ request: RunRequestResult) -> String {
        request.error ?? "Not run: an earlier request of the file failed."
    }

    /// Every failed assertion of `request`, one block each: the assertion, what was expected,
    /// what the answer had, where, and the differences.
    static func failedAssertionsText(_ request: RunRequestResult) -> String {
        var text = ""
        for assertion in request.failedAssertions {
            text += "Assertion failed: \(assertion.source)\n"
            text += "  expected: \(assertion.expected)\n"
            text += "  actual:   \(assertion.actual)\n"
            if let path = assertion.path { text += "  path:     \(path)\n" }
            if !assertion.differences.isEmpty {
                text += "  differences:\n"
                for difference in assertion.differences { text += "    \(difference)\n" }
            }
        }
        return text
    }

    /// The request as sent, ending with a line feed; empty when nothing was sent.
    static func requestText(_ request: RunRequestResult) -> String {
        guard !request.requestText.isEmpty else { return "" }
        return request.requestText.hasSuffix("\n") ? request.requestText : request.requestText + "\n"
    }

    /// The answer: its status, its headers and the start of its body; empty when there was none.
    static func responseText(_ request: RunRequestResult) -> String {
        guard let status = request.status else { return "" }
        var text = "HTTP \(status)\n"
        for header in request.responseHeaders { text += "\(header.name): \(header.value)\n" }
        let body = bodyStart(request.responseBody)
        if !body.isEmpty { text += "\n" + body + (body.hasSuffix("\n") ? "" : "\n") }
        return text
    }
}
