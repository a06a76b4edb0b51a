import Foundation
import Workspace

/// The second page of a form: what a run does with the request's answer (``RequestChecks``),
/// edited as lines. Captures are `name: query` (`token: $.token`), assertions one a line
/// (`status == 200`), retry `10` or `10 every 500ms`, fresh a duration (`10m`). Blank lines
/// are left out. A line that does not read is a ``FormChecksError`` naming its line and column.
extension RequestForm {
    /// The checks' four texts: captures, assertions, retry, fresh.
    var checksText: [String] { [captures.text, assertions.text, retry.text, fresh.text] }

    /// Fills the checks' fields from `checks` (the form of a saved request); they count as
    /// unedited.
    public mutating func fillChecks(_ checks: RequestChecks) {
        captures = TextEditor(checks.captures.map { "\($0.name): \($0.query)" }.joined(separator: "\n"))
        assertions = TextEditor(checks.assertions.joined(separator: "\n"))
        retry = TextEditor(checks.retry.map(Self.retryText) ?? "", singleLine: true)
        fresh = TextEditor(checks.freshFor.map(DurationText.format) ?? "", singleLine: true)
        initialChecks = checksText
    }

    /// `10`, or `10 every 500ms` when the pause is not the default second.
    static func retryText(_ rule: RetryRule) -> String {
        rule.interval == .seconds(1) ? "\(rule.count)" : "\(rule.count) every \(DurationText.format(rule.interval))"
    }

    /// True when some check is written (a line that does not read counts).
    public var hasChecks: Bool { checksText.contains { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty } }

    /// What the checks hold, in a few words (`2 assertions, 1 capture, retry 3`); nil when none.
    public var checksSummary: String? {
        func count(_ editor: TextEditor, _ noun: String) -> String? {
            let lines = editor.lines.count { !String($0).trimmingCharacters(in: .whitespaces).isEmpty }
            return lines == 0 ? nil : "\(lines) \(noun)\(lines == 1 ? "" : "s")"
        }
        let retryText = retry.text.trimmingCharacters(in: .whitespaces)
        let freshText = fresh.text.trimmingCharacters(in: .whitespaces)
        let parts = [
            count(assertions, "assertion"), count(captures, "capture"),
            retryText.isEmpty ? nil : "retry " + retryText, freshText.isEmpty ? nil : "fresh " + freshText,
        ].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The first line of the checks that does not read, if any.
    public var checksProblem: FormChecksError? {
        do {
            _ = try checks()
            return nil
        } catch {
            return error
        }
    }

    /// The checks the fields say. Throws for the first line that does not read: a capture that
    /// is not `name: query`, a name that is not a variable name or is given twice, a query or
    /// assertion the run language does not read, a retry or fresh line that is not a count or a
    /// duration.
    public func checks() throws(FormChecksError) -> RequestChecks {
        var result = RequestChecks()
        var seen: Set<String> = []
        for (index, characters) in captures.lines.enumerated() {
            let line = String(characters)
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            func problem(_ column: Int, _ reason: String) -> FormChecksError {
                FormChecksError(field: .captures, line: index, column: column, reason: reason)
            }
            guard let colon = line.firstIndex(of: ":") else {
                throw problem(Self.firstWordColumn(line), "a capture is “name: query” (token: $.token)")
            }
            let colonColumn = line.distance(from: line.startIndex, to: colon) + 1
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            guard Template.isVariableName(name) else {
                throw problem(
                    Self.firstWordColumn(line), "a capture's name must be letters, digits, “_”, “-” and “.” (token)")
            }
            guard seen.insert(name).inserted else {
                throw problem(Self.firstWordColumn(line), "“\(name)” is captured twice")
            }
            let rest = String(line[line.index(after: colon)...])
            let query = rest.trimmingCharacters(in: .whitespaces)
            let queryColumn = colonColumn + 1 + rest.prefix { $0 == " " || $0 == "\t" }.count
            guard !query.isEmpty else {
                throw problem(colonColumn + 1, "“\(name)” needs a query (status, header NAME, body, $.path, …)")
            }
            do {
                _ = try RunQuery.parse(query)
            } catch {
                throw problem(queryColumn + Self.characters(before: error.column, in: query), error.reason)
            }
            result.captures.append(CaptureRule(name: name, query: query))
        }
        for (index, characters) in assertions.lines.enumerated() {
            let line = String(characters)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            do {
                _ = try RunAssertion.parse(trimmed)
            } catch {
                let column = Self.firstWordColumn(line) + Self.characters(before: error.column, in: trimmed)
                throw FormChecksError(field: .assertions, line: index, column: column, reason: error.reason)
            }
            result.assertions.append(trimmed)
        }
        result.retry = try Self.retryRule(retry.text)
        let freshText = fresh.text.trimmingCharacters(in: .whitespaces)
        if !freshText.isEmpty {
            guard let duration = DurationText.parse(freshText) else {
                throw FormChecksError(
                    field: .fresh, line: 0, column: Self.firstWordColumn(fresh.text),
                    reason: "“\(freshText)” is not a duration (500ms, 2s, 10m, 1h)")
            }
            result.freshFor = duration
        }
        return result
    }

    /// Reads a retry line: empty for none, `COUNT` (a second apart) or `COUNT every DURATION`.
    static func retryRule(_ text: String) throws(FormChecksError) -> RetryRule? {
        var words: [(text: String, column: Int)] = []
        var column = 0
        var current = ""
        var start = 0
        for character in text + " " {
            column += 1
            if character == " " || character == "\t" {
                if !current.isEmpty { words.append((current, start)) }
                current = ""
            } else {
                if current.isEmpty { start = column }
                current.append(character)
            }
        }
        guard let first = words.first else { return nil }
        func problem(_ column: Int, _ reason: String) -> FormChecksError {
            FormChecksError(field: .retry, line: 0, column: column, reason: reason)
        }
        guard let count = Int(first.text), (0...10_000).contains(count) else {
            throw problem(first.column, "the count must be a whole number from 0 to 10000 (10, or 10 every 500ms)")
        }
        guard words.count > 1 else { return RetryRule(count: count, interval: .seconds(1)) }
        guard words[1].text == "every", words.count > 2 else {
            throw problem(words[1].column, "write it as 10, or 10 every 500ms")
        }
        guard let interval = DurationText.parse(words[2].text) else {
            throw problem(words[2].column, "“\(words[2].text)” is not a duration (500ms, 2s, 10m, 1h)")
        }
        guard words.count == 3 else { throw problem(words[3].column, "this is left over") }
        return RetryRule(count: count, interval: interval)
    }

    /// Checks the checks before the form is saved: false, with the problem on the message line
    /// and the cursor on it, when a line does not read.
    mutating func validateChecks() -> Bool {
        guard let problem = checksProblem else { return true }
        validationMessage = problem.message + "; nothing was saved"
        field = problem.field
        let editor: TextEditor
        switch problem.field {
        case .captures: editor = captures
        case .assertions: editor = assertions
        case .retry: editor = retry
        default: editor = fresh
        }
        var moved = editor
        moved.moveCursor(row: problem.line, column: problem.column - 1)
        switch problem.field {
        case .captures: captures = moved
        case .assertions: assertions = moved
        case .retry: retry = moved
        default: fresh = moved
        }
        return false
    }

    /// Turns to the other page, back to the field last focused there.
    mutating func turnPage() {
        let other = otherPageField ?? (page == .request ? .assertions : .body)
        otherPageField = field
        field = other
    }

    /// The column (from 1) of the first character that is not a blank.
    private static func firstWordColumn(_ line: String) -> Int {
        line.prefix { $0 == " " || $0 == "\t" }.count + 1
    }

    /// The characters before Unicode scalar `column` (from 1) of `text`.
    private static func characters(before column: Int, in text: String) -> Int {
        let scalars = text.unicodeScalars
        let end = scalars.index(scalars.startIndex, offsetBy: min(max(0, column - 1), scalars.count))
        return String(scalars[..<end]).count
    }
}
