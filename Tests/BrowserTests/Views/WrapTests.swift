import Foundation
import Testing

@testable import Browser

@Suite("Wrapping long lines in latestData")
struct WrapTests {
    let url = Fixtures.base + "long"

    /// The rows inside the latestData box, right-trimmed.
    func paneRows(_ state: BrowserState) -> [String] {
        let screen = BrowserView.render(state)
        let frame = state.layout.frames[.latestData]!
        let lines = screen.text.components(separatedBy: "\n")
        return (frame.y + 1..<frame.maxY - 1).map { y in
            let line = Array(lines[y])
            let inner = String(line[(frame.x + 1)..<min(line.count, frame.maxX - 1)])
            return String(inner.reversed().drop { $0 == " " }.reversed())
        }
    }

    @Test("W wraps a long string over rows, and cuts it again")
    func wrapsAndCuts() {
        let long = String(repeating: "abcdefghij", count: 20)
        var state = Fixtures.state(
            width: 60, height: 20, showing: Fixtures.jsonSnapshot(url, #"{"s": "\#(long)", "n": 1}"#))
        #expect(!paneRows(state).joined().contains(long))
        _ = Fixtures.keys(&state, [.character("W")])
        #expect(state.wrapsLines)
        let rows = paneRows(state)
        #expect(rows[1].hasPrefix(#"  "s": "abcdefghij"#))
        #expect(rows.joined().contains(#""s": ""# + long + #"","#))
        let number = rows.firstIndex(of: #"  "n": 1"#)
        #expect(number.map { rows[$0 - 1].hasSuffix(#"ghij","#) } == true, "the next line follows the last row")
        #expect(BrowserView.render(state).text.contains("· wrap"))
        _ = Fixtures.keys(&state, [.right])
        #expect(state.position.left == 0)
        #expect(state.status?.text.contains("nothing to scroll sideways") == true)
        _ = Fixtures.keys(&state, [.character("W")])
        #expect(!paneRows(state).joined().contains(long))
    }

    @Test("page down in wrap mode scrolls through a line taller than the pane, row by row")
    func pagesThroughALongLine() {
        let long = String((0..<1800).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
        var state = Fixtures.state(width: 60, height: 20, showing: Fixtures.jsonSnapshot(url, #"["\#(long)", 2]"#))
        _ = Fixtures.keys(&state, [.character("W")])
        let width = state.layout.innerWidth(.latestData)
        let height = state.layout.innerHeight(.latestData)
        // Row 0 is "[", then the string's rows: the first holds `  "` and width - 3 letters.
        _ = Fixtures.keys(&state, [.pageDown])
        let skipped = height - 1 - 1  // rows of the string scrolled off: a page minus the "[" row
        let start = (width - 3) + (skipped - 1) * width
        let expected = String(Array(long)[start..<start + width])
        #expect(paneRows(state)[0] == expected)
        #expect(state.position.cursor == 1)
        _ = Fixtures.keys(&state, [.pageUp])
        #expect(paneRows(state)[0] == "[")
        _ = Fixtures.keys(&state, [.end])
        #expect(state.position.cursor == 3)
        #expect(paneRows(state).contains("]"))
    }

    @Test("a resize that shortens the top line keeps the cursor line in view")
    func resizeClampsRows() {
        let long = String(repeating: "x", count: 1800)
        var state = Fixtures.state(width: 60, height: 20, showing: Fixtures.jsonSnapshot(url, #"["\#(long)", 2]"#))
        _ = Fixtures.keys(&state, [.character("W"), .pageDown, .pageDown, .pageDown])
        #expect(state.position.topRow > 10)
        _ = state.update(.resize(width: 150, height: 20))
        let rows = paneRows(state)
        #expect(rows[0].hasSuffix(#"x","#), "the top row is the long line's last, not past it")
        #expect(state.position.cursor == 1)
    }
}
