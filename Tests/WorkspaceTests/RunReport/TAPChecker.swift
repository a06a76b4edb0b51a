import Foundation
import Yams

/// A strict reader of the TAP version 14 that ``TAPReport`` writes: the version line, the plan
/// first, test points numbered from 1 with their descriptions unescaped, directives, and YAML
/// blocks indented two spaces and parsed by Yams. Anything else is a ``Violation``.
struct TAPChecker {
    /// One test point.
    struct TestPoint {
        /// True for `ok`.
        var ok: Bool
        /// The number written.
        var number: Int
        /// The description with `\\` and `\#` unescaped.
        var description: String
        /// `SKIP` or `TODO` (as written), if there is a directive.
        var directive: String?
        /// The directive's reason.
        var reason: String?
        /// The YAML block after the test point, parsed.
        var diagnostics: [String: Any]?
    }

    /// A line that breaks the grammar.
    struct Violation: Error, CustomStringConvertible {
        /// The 1-based line number.
        var line: Int
        /// What is wrong.
        var reason: String

        var description: String { "line \(line): \(reason)" }
    }

    /// The plan's count.
    private(set) var planned = 0
    /// The test points in order.
    private(set) var points: [TestPoint] = []

    /// Reads `text`, throwing at the first line that breaks the grammar.
    init(_ text: String) throws {
        guard text.hasSuffix("\n") else { throw Violation(line: 0, reason: "the text does not end with a line feed") }
        let lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first == "TAP version 14" else { throw Violation(line: 1, reason: "no version line") }
        guard lines.count >= 2, let plan = Self.plan(lines[1]) else {
            throw Violation(line: 2, reason: "no plan `1..N` after the version line")
        }
        planned = plan
        var index = 2
        while index < lines.count {
            var point = try Self.testPoint(lines[index], line: index + 1)
            guard point.number == points.count + 1 else {
                throw Violation(line: index + 1, reason: "test point \(point.number) out of order")
            }
            index += 1
            if index < lines.count, lines[index] == "  ---" {
                let start = index + 1
                var end = start
                while end < lines.count, lines[end] != "  ..." {
                    guard lines[end].hasPrefix("  ") else {
                        throw Violation(line: end + 1, reason: "a YAML line not indented two spaces")
                    }
                    end += 1
                }
                guard end < lines.count else { throw Violation(line: start, reason: "a YAML block without `...`") }
                let yaml = lines[start..<end].map { String($0.dropFirst(2)) }.joined(separator: "\n")
                guard let parsed = try Yams.load(yaml: yaml) as? [String: Any] else {
                    throw Violation(line: start, reason: "the YAML block is not a mapping")
                }
                point.diagnostics = parsed
                index = end + 1
            }
            points.append(point)
        }
        guard points.count == planned else {
            throw Violation(
                line: lines.count, reason: "the plan says \(planned), there are \(points.count) test points")
        }
    }

    /// The count of `1..N` or `1..N # reason`.
    private static func plan(_ line: String) -> Int? {
        guard line.hasPrefix("1..") else { return nil }
        var rest = line.dropFirst(3)
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let count = Int(digits) else { return nil }
        rest = rest.dropFirst(digits.count)
        guard rest.isEmpty || (rest.hasPrefix(" # ") && rest.count > 3) else { return nil }
        return count
    }

    /// `(not )?ok N( - description)?( # (SKIP|TODO)( reason)?)?`.
    private static func testPoint(_ line: String, line number: Int) throws -> TestPoint {
        func fail(_ reason: String) -> Violation { Violation(line: number, reason: reason) }
        if let bad = line.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            throw fail("a raw control character U+\(String(bad.value, radix: 16))")
        }
        var rest = Substring(line)
        let ok: Bool
        if rest.hasPrefix("ok ") {
            ok = true
            rest = rest.dropFirst(3)
        } else if rest.hasPrefix("not ok ") {
            ok = false
            rest = rest.dropFirst(7)
        } else {
            throw fail("not a test point: \(line)")
        }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard let value = Int(digits) else { throw fail("no test number") }
        rest = rest.dropFirst(digits.count)
        var point = TestPoint(ok: ok, number: value, description: "")
        var directivePart: Substring?
        if rest.hasPrefix(" - ") {
            rest = rest.dropFirst(3)
            var description = ""
            var escaped = false
            while let character = rest.first {
                if escaped {
                    guard character == "\\" || character == "#" else { throw fail("an unknown escape \\\(character)") }
                    description.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "#" {
                    break
                } else {
                    description.append(character)
                }
                rest = rest.dropFirst()
            }
            guard !escaped else { throw fail("a description ending in a lone backslash") }
            if !rest.isEmpty {
                guard description.hasSuffix(" ") else { throw fail("a # not after a space") }
                description.removeLast()
                directivePart = rest.dropFirst()
            }
            point.description = description
        } else if rest.hasPrefix(" # ") {
            directivePart = rest.dropFirst(2)
        } else if !rest.isEmpty {
            throw fail("text after the test number: \(rest)")
        }
        if let directivePart {
            guard directivePart.hasPrefix(" ") else { throw fail("no space after the directive's #") }
            let directive = directivePart.dropFirst()
            let word = directive.prefix { $0 != " " }
            guard ["skip", "todo"].contains(word.lowercased()) else { throw fail("an unknown directive \(word)") }
            point.directive = String(word)
            let reason = directive.dropFirst(word.count)
            if !reason.isEmpty {
                guard reason.hasPrefix(" "), reason.count > 1 else {
                    throw fail("a directive's reason not after a space")
                }
                point.reason = String(reason.dropFirst())
            }
        }
        return point
    }
}
