import Testing

@testable import TUICore

@Suite("key names")
struct KeyTests {
    @Test("names parse and print back", arguments: ["r", "Enter", "Esc", "PgDn", "Ctrl-S", "F5", "Space", "WheelUp"])
    func roundTrip(_ name: String) throws {
        let key = try #require(Key(name: name))
        #expect(Key(name: key.name) == key)
    }

    @Test("named keys ignore case and surrounding blanks; unknown names are nil")
    func parsing() {
        #expect(Key(name: "  enter\t") == .enter)
        #expect(Key(name: "ctrl+x") == .control("x"))
        #expect(Key(name: "^c") == .control("c"))
        #expect(Key(name: "F13") == nil)
        #expect(Key(name: "Hyper-Q") == nil)
    }
}
