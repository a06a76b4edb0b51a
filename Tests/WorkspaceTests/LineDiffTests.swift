import TestSupport
import Testing

@testable import Workspace

/// Rebuilds both texts from a diff made with context covering every line.
private func rebuild(_ diff: LineDiff) -> (old: String, new: String) {
    var old = ""
    var new = ""
    for line in diff.hunks.flatMap(\.lines) {
        let text = line.text + (line.endsWithNewline ? "\n" : "")
        if line.kind != .added { old += text }
        if line.kind != .removed { new += text }
    }
    return (old, new)
}

/// A small deterministic random source, so failures can be replayed.
private struct LineDiffRandomSource: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 11
    }
}

@Suite("Line diff")
struct LineDiffTests {
    @Test("equal texts have no hunks and an empty unified text")
    func equal() {
        let diff = LineDiff.compare(old: "a\nb\n", new: "a\nb\n")
        #expect(diff.isEmpty)
        #expect(diff.unified() == "")
        #expect(diff.summary == "+0 −0")
        #expect(diff.isMinimal)
        #expect(diff.note == nil)
    }

    @Test("one changed line, with context, in unified form")
    func oneChange() {
        let diff = LineDiff.compare(old: "a\nb\nc\nd\ne\nf\n", new: "a\nb\nc\nD\ne\nf\n", context: 2)
        #expect(
            diff.unified() == """
                --- old
                +++ new
                @@ -2,5 +2,5 @@
                 b
                 c
                -d
                +D
                 e
                 f

                """)
        let lines = diff.hunks[0].lines
        #expect(lines[2] == LineDiffLine(kind: .removed, text: "d", oldNumber: 4, newNumber: nil))
        #expect(lines[3] == LineDiffLine(kind: .added, text: "D", oldNumber: nil, newNumber: 4))
        #expect(lines[0] == LineDiffLine(kind: .context, text: "b", oldNumber: 2, newNumber: 2))
    }

    @Test("hunk headers at the edges and for empty texts follow unified diff")
    func edges() {
        #expect(LineDiff.compare(old: "", new: "x\ny\n").hunks.map(\.header) == ["@@ -0,0 +1,2 @@"])
        #expect(LineDiff.compare(old: "x\n", new: "").hunks.map(\.header) == ["@@ -1 +0,0 @@"])
        #expect(
            LineDiff.compare(old: "a\nb\n", new: "new\na\nb\n", context: 0).hunks.map(\.header) == ["@@ -0,0 +1 @@"])
        #expect(
            LineDiff.compare(old: "a\nb\n", new: "a\nb\nnew\n", context: 0).hunks.map(\.header) == ["@@ -2,0 +3 @@"])
        #expect(LineDiff.compare(old: "a\nb\nc\n", new: "a\nc\n", context: 0).hunks.map(\.header) == ["@@ -2 +1,0 @@"])
    }

    @Test("a missing newline at the end is a change and is marked")
    func missingNewline() {
        let diff = LineDiff.compare(old: "a\nb", new: "a\nb\n")
        #expect(
            diff.unified(oldLabel: nil, newLabel: nil) == """
                @@ -1,2 +1,2 @@
                 a
                -b
                \\ No newline at end of file
                +b

                """)
    }

    @Test("changes close together share a hunk, far apart they do not")
    func hunkJoining() {
        let base = (1...30).map { "line \($0)" }
        var near = base
        near[4] = "changed 5"
        near[10] = "changed 11"
        let joined = LineDiff.compare(old: base.joined(separator: "\n"), new: near.joined(separator: "\n"), context: 3)
        #expect(joined.hunks.map(\.header) == ["@@ -2,13 +2,13 @@"])
        var far = base
        far[4] = "changed 5"
        far[20] = "changed 21"
        let split = LineDiff.compare(old: base.joined(separator: "\n"), new: far.joined(separator: "\n"), context: 3)
        #expect(split.hunks.map(\.header) == ["@@ -2,7 +2,7 @@", "@@ -18,7 +18,7 @@"])
    }

    @Test("lines compare byte for byte: CRLF differs from LF, composed from decomposed")
    func exactBytes() {
        #expect(LineDiff.compare(old: "a\r\nb\n", new: "a\nb\n").removedCount == 1)
        #expect(LineDiff.compare(old: "caf\u{E9}\n", new: "cafe\u{301}\n").hunks.count == 1)
    }

    @Test("the diff is a shortest one: the classic example needs five edits")
    func shortest() {
        let old = "A\nB\nC\nA\nB\nB\nA\n"
        let new = "C\nB\nA\nB\nA\nC\n"
        let diff = LineDiff.compare(old: old, new: new)
        #expect(diff.addedCount + diff.removedCount == 5)
        #expect(diff.isMinimal)
    }

    @Test("random edits: the diff rebuilds both texts and is never longer than replacing everything")
    func randomEdits() {
        var generator = LineDiffRandomSource(state: 42)
        for _ in 0..<200 {
            let old = (0..<Int.random(in: 0...30, using: &generator)).map { _ in
                "l\(Int.random(in: 0...6, using: &generator))"
            }
            var new = old
            for _ in 0..<Int.random(in: 0...8, using: &generator) {
                let position = Int.random(in: 0...new.count, using: &generator)
                switch Int.random(in: 0...2, using: &generator) {
                case 0: new.insert("n\(Int.random(in: 0...6, using: &generator))", at: position)
                case 1 where position < new.count: new.remove(at: position)
                default: if position < new.count { new[position] = "c\(position)" }
                }
            }
            let oldText = old.map { $0 + "\n" }.joined()
            let newText = new.map { $0 + "\n" }.joined()
            let diff = LineDiff.compare(old: oldText, new: newText, context: 1_000)
            let rebuilt = rebuild(diff)
            #expect(rebuilt.old == (diff.isEmpty ? "" : oldText))
            #expect(rebuilt.new == (diff.isEmpty ? "" : newText))
            #expect(diff.addedCount + diff.removedCount <= old.count + new.count)
            #expect(diff.isMinimal)
        }
    }

    @Test("past the work limit the diff falls back, says so, and is still correct")
    func fallback() {
        let old = (0..<400).map { "old \($0)\n" }.joined() + "shared\n" + (0..<400).map { "tail \($0)\n" }.joined()
        let new = (0..<400).map { "new \($0)\n" }.joined() + "shared\n" + (0..<400).map { "end \($0)\n" }.joined()
        let diff = LineDiff.compare(old: old, new: new, context: 1_000_000, workLimit: 1_000)
        #expect(!diff.isMinimal)
        #expect(diff.note != nil)
        #expect(rebuild(diff).old == old)
        #expect(rebuild(diff).new == new)
        #expect(diff.hunks.flatMap(\.lines).contains { $0.kind == .context && $0.text == "shared" })
        #expect(diff.removedCount == 800)
        #expect(diff.addedCount == 800)
    }

    @Test("a large text with a few changes gets a shortest diff")
    func largeText() async throws {
        // Seconds of CPU in a debug build: on a thread of its own, so the other tests go on.
        let diff = try await OffPool.run {
            let old = (0..<50_000).map { "row \($0)" }
            var new = old
            new[100] = "changed"
            new.insert("inserted", at: 30_000)
            new.remove(at: 45_000)
            return LineDiff.compare(old: old.joined(separator: "\n"), new: new.joined(separator: "\n"))
        }
        #expect(diff.isMinimal)
        #expect(diff.addedCount == 2)
        #expect(diff.removedCount == 2)
        #expect(diff.hunks.count == 3)
    }
}
