import Testing

@testable import TUICore

@Suite("the frame diff")
struct FrameDiffTests {
    let red = Style(foreground: .indexed(1))

    func screen(_ rows: [String], width: Int = 10) -> Screen {
        var screen = Screen(width: width, height: rows.count)
        for (y, row) in rows.enumerated() { screen.put(row, x: 0, y: y, style: .plain) }
        return screen
    }

    @Test("with no previous frame every row is written whole after a clear")
    func firstFrame() {
        let update = FrameDiff.update(from: nil, to: screen(["ab", "cd"], width: 3))
        #expect(update.clearsFirst)
        #expect(update.runs.map(\.text) == ["ab ", "cd "])
        #expect(update.runs.map(\.y) == [0, 1])
    }

    @Test("an unchanged frame writes nothing")
    func unchanged() {
        let frame = screen(["hello", "world"])
        #expect(FrameDiff.update(from: frame, to: frame).isEmpty)
    }

    @Test("only the span from the first to the last changed cell of a row is written")
    func changedSpan() {
        let update = FrameDiff.update(from: screen(["abcdefgh"]), to: screen(["abXdeYgh"]))
        #expect(!update.clearsFirst)
        #expect(update.runs == [FrameDiff.Run(x: 2, y: 0, characters: Array("XdeY"), style: .plain, width: 4)])
    }

    @Test("a run is cut where the style changes")
    func styleRuns() {
        var next = screen(["abcd"])
        next.put("c", x: 2, y: 0, style: red)
        let update = FrameDiff.update(from: screen(["abzz"]), to: next)
        #expect(update.runs.map(\.text) == ["c", "d"])
        #expect(update.runs.map(\.style) == [red, .plain])
    }

    @Test("a change that starts on a wide character's right half starts at its left half")
    func wideCharacterLeft() {
        let before = screen(["a界b"])
        var after = before
        // Only the continuation cell changes (its style); the character must still be written.
        after.replaceCell(Cell(character: " ", style: red, isContinuation: true), x: 2, y: 0)
        let update = FrameDiff.update(from: before, to: after)
        #expect(update.runs.first?.x == 1)
        #expect(update.runs.first?.text == "界")
        #expect(update.runs.map(\.width).reduce(0, +) == 2)
    }

    @Test("a change that ends on a wide character's left half includes its right half")
    func wideCharacterRight() {
        // The continuation cell is the same in both frames; only the character changes.
        let update = FrameDiff.update(from: screen(["a日"]), to: screen(["a界"]))
        #expect(update.runs == [FrameDiff.Run(x: 1, y: 0, characters: ["界"], style: .plain, width: 2)])
    }

    @Test("a resize repaints everything")
    func resize() {
        let update = FrameDiff.update(from: screen(["ab"], width: 4), to: screen(["ab"], width: 5))
        #expect(update.clearsFirst)
        #expect(update.runs.count == 1)
        #expect(update.runs[0].width == 5)
    }

    @Test("applying the runs to the old frame gives the new frame")
    func applyingGivesNext() {
        let before = screen(["hello 界 world", "second line", "third"], width: 16)
        var after = before
        after.put("HE", x: 0, y: 0, style: red)
        after.put("界界", x: 3, y: 1, style: .plain)
        after.put("!", x: 15, y: 2, style: red)
        var replayed = before
        for run in FrameDiff.update(from: before, to: after).runs {
            replayed.put(run.text, x: run.x, y: run.y, style: run.style, maxWidth: run.width)
        }
        #expect(replayed == after)
    }
}

@Suite("Frame diff around graphemes terminals disagree on")
struct FrameDiffUncertainTests {
    @Test("a changed row holding an emoji sequence is written to its right edge")
    func uncertainRowToEdge() {
        var before = Screen(width: 12, height: 1)
        before.put("ab 👍🏽 cdefg", x: 0, y: 0, style: .plain)
        var after = Screen(width: 12, height: 1)
        after.put("ab 👍🏽 cdXfg", x: 0, y: 0, style: .plain)
        // Only the X changed, but the emoji before it is outside the span: no widening needed.
        #expect(FrameDiff.update(from: before, to: after).runs.map(\.text) == ["X"])
        var changed = Screen(width: 12, height: 1)
        changed.put("ab ❤️ cdefg", x: 0, y: 0, style: .plain)
        let runs = FrameDiff.update(from: before, to: changed).runs
        #expect(runs.count == 1)
        #expect(runs[0].x == 3)
        #expect(runs[0].x + runs[0].width == 12, "written to the edge")
        #expect(runs[0].characters.first == "❤️")
    }
}
