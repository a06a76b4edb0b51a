import Foundation
import OrderedJSON

/// A `pattern` or `patternProperties` expression compiled once for the schema.
///
/// An expression that is also an I-Regexp (most are: literals, classes, `\p{…}`, groups,
/// alternation, quantifiers, anchors) runs on OrderedJSON's ``LinearRegex``, in time linear in
/// the string, so no value can make a check slow. Others (`\d`, `\w`, `(?:…)`, lookarounds…):
/// the ECMA-262 source is translated by ``ECMARegexTranslator`` and compiled with Unicode scalar
/// semantics (so `.` and `\p{L}` match code points, as with ECMA's `u` flag) and ASCII-only `\d`
/// and `\w`. Swift's `Regex` is not `Sendable`, so matches go through a lock; the compiled program
/// is shared by every check that uses the schema.
final class SchemaPattern: @unchecked Sendable {
    /// The expression as written in the schema.
    let source: String
    private let linear: LinearRegex?
    private let regex: Regex<AnyRegexOutput>?
    private let lock = NSLock()

    /// Compiles `source`, throwing the compiler's error when Swift cannot run it.
    init(_ source: String) throws {
        self.source = source
        if let linear = LinearRegex(source) {
            self.linear = linear
            regex = nil
            return
        }
        linear = nil
        let regex = try RegexPattern.compile(ECMARegexTranslator.translate(source))
            .matchingSemantics(.unicodeScalar)
            .asciiOnlyDigits()
            .asciiOnlyWordCharacters()
        _ = try regex.firstMatch(in: "")
        self.regex = regex
    }

    /// True when the expression matches somewhere in `text` (patterns are not anchored).
    func matches(_ text: String) -> Bool {
        if let linear { return linear.search(in: text) }
        lock.lock()
        defer { lock.unlock() }
        return regex.flatMap { try? $0.firstMatch(in: text) } != nil
    }
}
