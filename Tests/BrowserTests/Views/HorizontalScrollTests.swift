import Foundation
import Siesta
import TUICore
import Testing

@testable import Browser

@Suite("Scrolling latestData sideways")
struct HorizontalScrollTests {
    let url = Fixtures.base + "long"
    let digits = String(repeating: "0123456789", count: 30)

    private func dataRow(_ screen: Screen, _ state: BrowserState, line: Int = 0) throws -> (text: String, frame: Rect) {
        let frame = try #require(state.layout.frames[.latestData])
        let inner = frame.inset(by: 1)
        var text = ""
        for column in inner.x..<inner.maxX where !screen[column, inner.y + line].isContinuation {
            text.append(screen[column, inner.y + line].character)
        }
        return (text, frame)
    }

    @Test("Right shows later columns, markers show where text continues, Left goes back")
    func rightAndLeft() throws {
        var state = Fixtures.state(showing: Fixtures.textSnapshot(url, digits + "\nshort"))
        let width = state.layout.innerWidth(.latestData)
        let step = width / 2
        var screen = BrowserView.render(state)
        var (row, frame) = try dataRow(screen, state)
        #expect(row == String(digits.prefix(width)))
        #expect(screen[frame.maxX - 1, frame.y + 1].character == "›")
        #expect(screen[frame.x, frame.y + 1].character == "│")
        #expect(screen[frame.maxX - 1, frame.y + 2].character == "│", "the short line is not cut")

        _ = Fixtures.keys(&state, [.right])
        #expect(state.position.left == step)
        screen = BrowserView.render(state)
        (row, frame) = try dataRow(screen, state)
        #expect(row == String(digits.dropFirst(step).prefix(width)))
        #expect(screen[frame.x, frame.y + 1].character == "‹")
        #expect(screen[frame.x, frame.y + 2].character == "‹", "the short line is hidden to the left")
        #expect(screen.text.contains("line 1 · col \(step + 1)"))

        _ = Fixtures.keys(&state, [.character("H")])
        #expect(state.position.left == 0)
        _ = Fixtures.keys(&state, [.left])
        #expect(state.position.left == 0)
        #expect(!BrowserView.render(state).text.contains("‹"))
    }

    @Test("scrolling right stops once the end of every visible line shows")
    func stopsAtTheEnd() throws {
        var state = Fixtures.state(showing: Fixtures.textSnapshot(url, digits))
        let width = state.layout.innerWidth(.latestData)
        for _ in 0..<20 { _ = Fixtures.keys(&state, [.character("L")]) }
        #expect(state.position.left < digits.count)
        #expect(state.position.left + width >= digits.count)
        #expect(state.status?.text == "no more text to the right")
        let screen = BrowserView.render(state)
        let (row, frame) = try dataRow(screen, state)
        #expect(row.trimmingCharacters(in: .whitespaces).hasSuffix("789"))
        #expect(screen[frame.maxX - 1, frame.y + 1].character == "│")
    }

    @Test("wide characters cut by the left edge are padded, never split")
    func wideCharacters() throws {
        let window = BodyLayout.window([Span("a漢b", .plain)], skipping: 2, width: 2)
        #expect(window.spans.map(\.text).joined() == " b")
        #expect(window.continuesLeft && !window.continuesRight)
        let right = BodyLayout.window([Span("ab漢c", .plain)], skipping: 0, width: 3)
        #expect(right.spans.map(\.text).joined() == "ab ")
        #expect(right.continuesRight)

        // After the one-column "x", wide characters start on odd columns, and the 41-column pane
        // scrolls by 20: every offset and the right edge land inside a wide character.
        let line = "x" + String(repeating: "漢字", count: 100)
        var state = Fixtures.state(width: 43, height: 20, showing: Fixtures.textSnapshot(url, line))
        #expect(state.layout.innerWidth(.latestData) == 41)
        for _ in 0..<3 {
            _ = Fixtures.keys(&state, [.right])
            let screen = BrowserView.render(state)
            let frame = try #require(state.layout.frames[.latestData])
            let y = frame.y + 1
            for x in frame.x..<frame.maxX {
                let cell = screen[x, y]
                if CharacterWidth.of(cell.character) == 2 {
                    #expect(screen[x + 1, y].isContinuation)
                    #expect(x + 1 < frame.maxX - 1, "a wide character crosses the border")
                }
            }
            #expect(screen[frame.x, y].character == "‹")
            #expect(screen[frame.maxX - 1, y].character == "›")
        }
    }

    @Test("escapes and JSON lines scroll in shown columns")
    func escapesAndJSON() throws {
        let text = TextSanitizer.segments(of: "ab\u{1B}cd", skipping: 3, maxColumns: 10)
        #expect(text.map(\.text).joined() == "cd")
        let cut = TextSanitizer.segments(of: "a\u{202E}b", skipping: 3, maxColumns: 10)
        #expect(cut.first == .init(text: "{202E}", isEscape: true))

        let value = String(repeating: "v", count: 200) + "END"
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(url, #"{"key": "\#(value)"}"#))
        for _ in 0..<10 { _ = Fixtures.keys(&state, [.right]) }
        #expect(BrowserView.render(state).text.contains(#"END""#))
    }

    @Test("a 10 MB single line scrolls and shows the right columns")
    func hugeLine() throws {
        let line = String(repeating: "0123456789", count: 1_000_000)
        var state = Fixtures.state(showing: Fixtures.textSnapshot(url, line))
        for _ in 0..<4 { _ = Fixtures.keys(&state, [.right]) }
        let left = state.position.left
        let (row, _) = try dataRow(BrowserView.render(state), state)
        let width = state.layout.innerWidth(.latestData)
        let expected = (0..<width).map { Character(String((left + $0) % 10)) }
        #expect(row == String(expected))
        let segments = TextSanitizer.segments(of: line, skipping: 5_000, maxColumns: 20)
        #expect(segments.map(\.text).joined() == "01234567890123456789")
    }

    @Test("the offset is kept per resource and resets when the body changes")
    func perResourceAndReset() throws {
        let other = Fixtures.base + "other"
        var state = Fixtures.state(showing: Fixtures.textSnapshot(url, digits))
        _ = Fixtures.keys(&state, [.right])
        let step = state.position.left
        #expect(step > 0)
        _ = state.update(.navigated(url: other))
        _ = state.update(.resourceChanged(Fixtures.textSnapshot(other, digits), event: .newData(.network)))
        #expect(state.position.left == 0)
        _ = Fixtures.keys(&state, [.character("b")])
        #expect(state.currentURL == url)
        #expect(state.position.left == step)

        // The same document again (notModified) keeps the offset; a new body resets it.
        let same = try #require(state.current)
        _ = state.update(.resourceChanged(same, event: .notModified))
        #expect(state.position.left == step)
        _ = state.update(.resourceChanged(Fixtures.textSnapshot(url, digits), event: .newData(.network)))
        #expect(state.position.left == 0)
    }

    @Test("Left and Right no longer move in history; b and f still do")
    func keys() {
        #expect(KeyMap.standard.command(for: .left) == .scrollLeft)
        #expect(KeyMap.standard.command(for: .right) == .scrollRight)
        #expect(KeyMap.standard.command(for: .character("b")) == .back)
        #expect(KeyMap.standard.command(for: .character("f")) == .forward)
        let help = KeyMap.standard.mainHelpRows.map { "\($0.keys) \($0.summary)" }
        #expect(help.contains("Left H scroll left (long lines)"))
        #expect(help.contains("Right L scroll right (long lines)"))
    }
}
