import Foundation

/// A `pattern` or `patternProperties` expression compiled once for the schema.
///
/// The ECMA-262 source is translated by ``ECMARegexTranslator`` and compiled with Unicode scalar
/// semantics (so `.` and `\p{L}` match code points, as with ECMA's `u` flag) and ASCII-only `\d`
/// and `\w`. Swift's `Regex` is not `Sendable`, so matches go through a lock; the compiled program
/// is shared by every check that uses the schema.
final class SchemaPattern: @unchecked Sendable {
    /// The expression as written in the schema.
    let source: String
    private let regex: Regex<AnyRegexOutput>
    private let lock = NSLock()

    /// Compiles `source`, throwing the compiler's error when Swift cannot run it.
    init(_ source: String) throws {
        self.source = source
        regex = try Regex(ECMARegexTranslator.translate(source))
            .matchingSemantics(.unicodeScalar)
            .asciiOnlyDigits()
            .asciiOnlyWordCharacters()
        _ = try regex.firstMatch(in: "")
    }

    /// True when the expression matches somewhere in `text` (patterns are not anchored).
    func matches(_ text: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return (try? regex.firstMatch(in: text)) != nil
    }
}
