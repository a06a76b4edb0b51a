import Foundation
import Testing

@testable import OrderedJSON

/// I-Regexp (RFC 9485) compiled by ``IRegexp`` and run by ``IRegexpMatcher``: the grammar, what
/// matches, the limits, and patterns that make a backtracking matcher take exponential time.
@Suite("I-Regexp matches in linear time")
struct IRegexpTests {
    /// Whether the whole of `subject` matches `pattern`; nil when the pattern is refused.
    private func match(_ pattern: String, _ subject: String) -> Bool? {
        IRegexp.compile(pattern).map { IRegexpMatcher($0).matches(subject, .whole) }
    }

    /// Whether some substring of `subject` matches `pattern`; nil when the pattern is refused.
    private func search(_ pattern: String, _ subject: String) -> Bool? {
        IRegexp.compile(pattern).map { IRegexpMatcher($0).matches(subject, .substring) }
    }

    /// Checks the whole-string and substring results of `pattern` on each subject.
    private func expect(
        _ pattern: String, _ cases: [(subject: String, match: Bool, search: Bool)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (subject, expectedMatch, expectedSearch) in cases {
            #expect(
                match(pattern, subject) == expectedMatch,
                "match(\(subject.debugDescription), \(pattern.debugDescription))",
                sourceLocation: sourceLocation)
            #expect(
                search(pattern, subject) == expectedSearch,
                "search(\(subject.debugDescription), \(pattern.debugDescription))", sourceLocation: sourceLocation)
        }
    }

    @Test("nested and ambiguous repetition finishes on long strings, with the right answer")
    func pathological() {
        let long = String(repeating: "a", count: 10_000)
        for pattern in ["(a*)*b", "(a|a)*c", "(a|aa)*b", "(a+)+b", "((a*)*)*b", "(.*)*b", "(\\p{L}*)*1", "(a*a*a*)*b"] {
            #expect(match(pattern, long) == false, "\(pattern)")
            #expect(search(pattern, long) == false, "\(pattern)")
        }
        #expect(match("((a*)*)*", long) == true)
        #expect(match("(a|a)*", long) == true)
        #expect(search("(a+)+$", long + "!") == false)
        #expect(search("(a+)+$", "!" + long) == true)
        #expect(match("(a+)+", long + "!") == false)
        // a?ⁿaⁿ against aⁿ: true, after trying (for a backtracker) 2ⁿ ways.
        let thirty = String(repeating: "a", count: 30)
        #expect(match(String(repeating: "a?", count: 30) + thirty, thirty) == true)
        #expect(match("(a?){30}a{30}", thirty) == true)
        #expect(match("(a?){30}a{31}", thirty) == false)
        // Many threads at once: every position of a{1,1000} is live.
        let short = String(repeating: "a", count: 1500)
        #expect(search("a{1,1000}b", short) == false)
        #expect(search("a{1,1000}b", short + "b") == true)
        #expect(match("(a?){1000}b", short) == false)
    }

    @Test("literals, escapes and the dot")
    func literals() {
        expect("abc", [("abc", true, true), ("xabcx", false, true), ("ab", false, false), ("ABC", false, false)])
        expect("", [("", true, true), ("a", false, true)])
        expect("a\\.c", [("a.c", true, true), ("abc", false, false)])
        expect("\\(\\)\\*\\+\\?\\[\\]\\{\\}\\|\\\\\\^\\-", [("()*+?[]{}|\\^-", true, true)])
        expect("\\n\\r\\t", [("\n\r\t", true, true), ("nrt", false, false)])
        expect(
            "a.c", [("abc", true, true), ("a\nc", false, false), ("a\rc", false, false), ("a\u{2028}c", true, true)])
        expect(".", [("\t", true, true), ("\u{0B}", true, true), ("\u{85}", true, true), ("\n", false, false)])
        // Scalars, not characters: é written as e and a combining accent is two.
        expect("é", [("é", true, true), ("e\u{301}", false, false)])
        expect("e\u{301}", [("e\u{301}", true, true), ("é", false, false)])
        expect("..", [("e\u{301}", true, true), ("é", false, false)])
    }

    @Test("astral-plane scalars count as one each")
    func astral() {
        // U+1F600 is one scalar; a flag is two (regional indicators).
        expect("^.$", [("😀", true, true), ("🇫🇷", false, false), ("", false, false)])
        expect("^..$", [("🇫🇷", true, true), ("😀", false, false)])
        expect("😀+", [("😀😀😀", true, true), ("x😀", false, true)])
        expect("[😀-😂]", [("😁", true, true), ("😃", false, false)])
        expect("[^😀]", [("😁", true, true), ("😀", false, false)])
        expect("\\p{So}", [("😀", true, true), ("a", false, false)])
    }

    @Test("character classes: ranges, negation and where a hyphen may stand")
    func classes() {
        expect("[a-c]+", [("abcba", true, true), ("abd", false, true), ("", false, false)])
        expect("[^a-c]", [("d", true, true), ("b", false, false), ("\n", true, true)])
        expect("[-a]", [("-", true, true), ("a", true, true), ("b", false, false)])
        expect("[a-]", [("-", true, true), ("a", true, true), ("b", false, false)])
        expect("[^-]", [("-", false, false), ("x", true, true)])
        expect("[\\--/]", [(".", true, true), ("-", true, true), ("0", false, false)])
        expect("[\\n-\\r]", [("\u{0B}", true, true), ("\t", false, false)])
        expect("[\\]\\[]", [("]", true, true), ("[", true, true)])
        expect(
            "[.^$|]", [(".", true, true), ("^", true, true), ("$", true, true), ("|", true, true), ("a", false, false)])
        expect("[a\\p{Nd}]", [("a", true, true), ("٣", true, true), ("b", false, false)])
        expect("[^\\p{L}]", [("1", true, true), ("Ж", false, false)])
        expect("[\\P{L}\\P{N}]", [("1", true, true), ("a", true, true)])
    }

    @Test("general categories, one-letter names covering their group")
    func categories() {
        expect("\\p{Lu}", [("Ж", true, true), ("ж", false, false), ("A", true, true), ("1", false, false)])
        expect("\\P{L}", [("1", true, true), ("a", false, false), ("Ж", false, false), (" ", true, true)])
        expect("\\p{L}", [("ǅ", true, true), ("ʰ", true, true), ("中", true, true), ("1", false, false)])
        expect("\\p{Nd}+", [("٣३9", true, true), ("Ⅻ", false, false), ("½", false, false)])
        expect("\\p{N}+", [("٣Ⅻ½", true, true)])
        expect("\\p{Zs}", [("\u{A0}", true, true), (" ", true, true), ("\u{2028}", false, false)])
        expect("\\p{Zl}", [("\u{2028}", true, true)])
        expect("\\p{Cc}", [("\n", true, true), ("a", false, false)])
        expect("\\p{Cf}", [("\u{200D}", true, true)])
        expect("\\p{Co}", [("\u{E000}", true, true)])
        expect("\\p{Cn}", [("\u{378}", true, true), ("a", false, false)])
        expect("\\p{C}", [("\u{378}", true, true), ("\u{E000}", true, true), ("\n", true, true), ("a", false, false)])
        expect("\\p{Sc}", [("€", true, true), ("$", true, true), ("a", false, false)])
        expect("\\p{Mn}", [("\u{301}", true, true)])
        expect("\\p{Pd}", [("-", true, true), ("\u{2014}", true, true)])
    }

    @Test("quantifiers, counted repetition, alternation and groups")
    func repetition() {
        expect("a{2}", [("aa", true, true), ("a", false, false), ("aaa", false, true)])
        expect("a{2,}", [("aa", true, true), ("aaaaa", true, true), ("a", false, false)])
        expect("a{2,4}", [("aa", true, true), ("aaaa", true, true), ("aaaaa", false, true), ("a", false, false)])
        expect("a{0}b", [("b", true, true), ("ab", false, true)])
        expect("a{0,0}", [("", true, true), ("a", false, true)])
        expect("(ab){2}", [("abab", true, true), ("ab", false, false)])
        expect("a*", [("", true, true), ("aaa", true, true), ("b", false, true)])
        expect("a+", [("", false, false), ("aaa", true, true)])
        expect("ab?c", [("ac", true, true), ("abc", true, true), ("abbc", false, false)])
        expect("cat|dog", [("cat", true, true), ("dog", true, true), ("cog", false, false), ("hotdog", false, true)])
        expect("a(b|c(d|e))f", [("abf", true, true), ("acef", true, true), ("acf", false, false)])
        expect("((a|b)c)+", [("acbcac", true, true), ("acb", false, true)])
        expect("a|", [("", true, true), ("a", true, true), ("b", false, true)])
        expect("|b", [("", true, true), ("b", true, true)])
        expect("(|a)b", [("b", true, true), ("ab", true, true)])
        expect("()", [("", true, true), ("x", false, true)])
        expect("()*x", [("x", true, true)])
        expect("(a|b|c|)*d", [("abcabd", true, true), ("d", true, true), ("e", false, false)])
    }

    @Test("^ and $ anchor to the whole string")
    func anchors() {
        expect("^a", [("a", true, true), ("ab", false, true), ("ba", false, false), ("b\na", false, false)])
        expect("a$", [("a", true, true), ("ba", false, true), ("ab", false, false), ("a\nb", false, false)])
        expect("^$", [("", true, true), ("a", false, false)])
        expect("a^b", [("ab", false, false)])
        expect("(^a|b)c", [("ac", true, true), ("xbc", false, true), ("xac", false, false)])
        expect("(^)*a", [("a", true, true), ("ba", false, true)])
        expect("[$^]", [("$", true, true), ("^", true, true)])
    }

    @Test("what is not I-Regexp, or beyond the limits, is refused")
    func invalid() {
        let refused = [
            "(a", "a)", "(()", "a{3,2}", "a**", "a*+", "a+?", "*a", "?", "+", "{2}", "a{", "a{2", "a{,2}", "a{2,3",
            "a{x}", "a}", "]", "[b-a]", "[a", "[]", "[^]", "[--a]", "[a-\\p{L}]", "[[]", "[a-[]", "[a--]", "\\d",
            "\\w", "\\s", "\\u0041", "\\$", "\\", "(?:a)", "(?=a)", "\\p{Xx}", "\\p{Cs}", "\\p{Lc}", "\\p{L",
            "\\p{IsLatin}", "\\pL", "^*", "$+", "^{2}", "a{1001}", "a{2,1001}",
        ]
        for pattern in refused {
            #expect(IRegexp.compile(pattern) == nil, "\(pattern.debugDescription)")
        }
        let accepted = ["a{1000}", "a{0,1000}", "a{1000,}", "(^)*", "a{1,}", "[-]", "[a-]", "[\\p{L}-]", "[{}()*+?.|]"]
        for pattern in accepted {
            #expect(IRegexp.compile(pattern) != nil, "\(pattern.debugDescription)")
        }
    }

    @Test("nesting and program size are limited")
    func limits() {
        let deepest = String(repeating: "(", count: 64) + "a" + String(repeating: ")", count: 64)
        #expect(match(deepest, "a") == true)
        #expect(IRegexp.compile("(" + deepest + ")") == nil)
        // A million instructions would be needed: refused before any is written.
        #expect(IRegexp.compile("(a{1000}){1000}") == nil)
        #expect(IRegexp.compile("((a{1000}){1000}){1000}") == nil)
        #expect(IRegexp.compile("(a{1000}){100}") == nil)
        let large = IRegexp.compile("(a{1000}){99}")
        #expect(large?.instructions.count == 99_001)
        #expect(large.map { IRegexpMatcher($0).matches(String(repeating: "a", count: 99_000), .whole) } == true)
        #expect(IRegexp.compile(String(repeating: "a{1000}", count: 100)) == nil)
        #expect(IRegexp.compile(Array(repeating: "a{1000}", count: 100).joined(separator: "|")) == nil)
    }

    @Test("a matcher is reused, and its budget can stop it")
    func budget() {
        let matcher = IRegexpMatcher(IRegexp.compile("(a|a)*b")!)
        let long = String(repeating: "a", count: 100_000)
        var spent = 0
        #expect(
            matcher.matches(long + "b", .whole) {
                spent += $0
                return true
            })
        #expect(spent >= 100_000)
        var calls = 0
        #expect(
            !matcher.matches(long + "b", .whole) { _ in
                calls += 1
                return false
            })
        #expect(calls == 1)
        #expect(matcher.matches("ab", .whole))
        #expect(!matcher.matches("ac", .whole))
    }

    @Test("in JSONPath: hostile patterns finish, and their work counts toward the limit")
    func inJSONPath() throws {
        let long = String(repeating: "a", count: 30_000)
        let document = try JSONDocument(#"[""# + long + #"", "ab", "b"]"#)
        let search = try JSONPath("$[?search(@, '(a*)*b')]")
        #expect(search.select(in: document).map(\.entry) == [2, 3])
        let match = try JSONPath("$[?match(@, '(a|a)*')]")
        #expect(match.select(in: document).map(\.entry) == [1])
        // Each scalar of the long string costs a step or more, so a small limit stops the run.
        #expect(!search.run(in: document, checksCancellation: false, workLimit: 20_000) { _ in true })
        #expect(search.run(in: document, checksCancellation: false, workLimit: 1_000_000) { _ in true })
    }
}
