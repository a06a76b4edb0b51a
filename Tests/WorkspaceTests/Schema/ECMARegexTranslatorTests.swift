import Foundation
import Testing

@testable import Workspace

@Suite("ECMA-262 patterns")
struct ECMARegexTranslatorTests {
    private func matches(_ pattern: String, _ text: String) throws -> Bool {
        try SchemaPattern(pattern).matches(text)
    }

    @Test("patterns are not anchored and $ ends only at the very end")
    func anchoring() throws {
        #expect(try matches("b", "abc"))
        #expect(try matches("^a$", "a"))
        #expect(try !matches("^a$", "a\n"))
    }

    @Test("\\d and \\w are ASCII only, \\s and \\p{L} are Unicode")
    func classes() throws {
        #expect(try !matches(#"^\d$"#, "٣"))
        #expect(try matches(#"^\d+$"#, "042"))
        #expect(try !matches(#"^\w$"#, "é"))
        #expect(try matches(#"^\s$"#, "\u{FEFF}"))
        #expect(try matches(#"^[\s]$"#, "\u{2003}"))
        #expect(try matches(#"^\p{L}+$"#, "héllo"))
        #expect(try matches(#"^[^\S]$"#, " "))
    }

    @Test(". does not match line terminators; escapes and quantifiers carry over")
    func translation() throws {
        #expect(try !matches("^.$", "\n"))
        #expect(try matches("^.$", "😀"))
        #expect(try matches(#"^\u00e9\x41$"#, "éA"))
        #expect(try matches(#"^\ud83d\ude00$"#, "😀"))
        #expect(try matches("^[0-9]{2,}$", "123"))
        #expect(try matches("^a{$", "a{"))
        #expect(try matches("^[[a]+$", "[a"))
        #expect(try matches("^[a-]+$", "a-"))
        #expect(try matches(#"^(?<x>a)\k<x>$"#, "aa"))
    }
}
