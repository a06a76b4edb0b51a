import DemoAPI
import Foundation
import TestSupport
import Testing

@Suite("hammock in tmux: text widths, Alt keys, redraw, small screens", .serialized)
struct TerminalEndToEndTests {
    @Test("emoji sequences, CJK and combining marks leave every later column in place")
    func widths() async throws {
        let server = try await DemoServer.start()
        let session = try TmuxSession(arguments: ["--no-cache", server.baseURL.absoluteString + "unicode.json"])
        defer { session.close() }
        let screen = await session.waitFor("\"keycap\"")
        // Each value ends in `|",`: nothing of another cell was written into the text, and the
        // pane to the right is whole on the same rows.
        for marker in [
            " family|\",", " ok|\",", " heart|\",", " plain|\",", " flag|\",", " coder|\",", "한국어|\",",
            "ＡＢＣ|\",", "te\u{301}|\",", " ก่|\",",
        ] {
            let line = screen.split(separator: "\n").first { $0.contains(marker) }
            #expect(line != nil, "\(marker) is intact")
            let borders = line.map { $0.filter { "│┌└┐┘".contains($0) }.count } ?? 0
            #expect(borders >= 3, "\(marker): the boxes on its row are whole")
        }
        #expect(!screen.contains(",mily"))
        await server.shutdown()
    }

    @Test("Alt-b in a form types nothing, keeps the form and its body; Esc keeps the draft")
    func altKeysInForm() async throws {
        let server = try await DemoServer.start()
        let session = try TmuxSession(arguments: ["--no-cache", server.baseURL.absoluteString + "users/1"])
        defer { session.close() }
        await session.waitFor("\"name\"")
        try session.keys("p")
        await session.waitFor("request(.post, …)")
        try session.type("{\"draft\": 1}")
        try session.keys("M-b")
        try session.keys("M-d")
        try session.type("x")
        await session.waitFor("{\"draft\": 1}x")
        let screen = session.capture()
        #expect(screen.contains("request(.post, …)"), "the form is still open")
        #expect(!screen.contains("DELETE"), "Alt-d did not open the DELETE prompt")
        try session.keys("Escape")
        await session.waitFor("draft kept: p on this resource opens it again")
        try session.keys("p")
        await session.waitFor("{\"draft\": 1}x")
        await server.shutdown()
    }

    /// Home / End pairs as terminals send them: VT220 and tmux, rxvt, xterm outside keypad mode,
    /// then with Ctrl (xterm and tmux), Shift (the VT220 form) and Ctrl (rxvt).
    static let homeEndSequences = [
        ("\u{1B}[1~", "\u{1B}[4~"), ("\u{1B}[7~", "\u{1B}[8~"), ("\u{1B}[H", "\u{1B}[F"),
        ("\u{1B}[1;5H", "\u{1B}[1;5F"), ("\u{1B}[1;2~", "\u{1B}[4;2~"), ("\u{1B}[7^", "\u{1B}[8^"),
    ]

    @Test(
        "Home and End move in a form and in latestData however the terminal sends them",
        arguments: ["xterm-256color", "tmux-256color"])
    func homeAndEnd(term: String) async throws {
        let server = try await DemoServer.start()
        let session = try TmuxSession(
            arguments: ["--no-cache", server.baseURL.absoluteString + "large?count=300"], environment: ["TERM": term])
        defer { session.close() }
        await session.waitFor("\"item 0\"")
        // latestData: End shows the last item, Home the first again.
        for (home, end) in Self.homeEndSequences {
            try session.sendBytes(end)
            await session.waitFor("\"item 299\"")
            try session.sendBytes(home)
            await session.waitForAbsence(of: "\"item 299\"")
            await session.waitFor("\"item 0\"")
        }
        // A form's body: each pair wraps the line in one more < and >.
        try session.keys("p")
        await session.waitFor("request(.post, …)")
        try session.type("abc")
        for (round, (home, end)) in Self.homeEndSequences.enumerated() {
            try session.sendBytes(home)
            try session.type("<")
            try session.sendBytes(end)
            try session.type(">")
            let brackets = round + 1
            await session.waitFor(
                String(repeating: "<", count: brackets) + "abc" + String(repeating: ">", count: brackets))
        }
        #expect(session.capture().contains("request(.post, …)"), "the form is still open")
        await server.shutdown()
    }

    @Test("Ctrl-L repaints what another program wrote over the screen")
    func redraw() async throws {
        let session = try TmuxSession(arguments: ["--no-cache"])
        defer { session.close() }
        await session.waitFor("newData(network)")
        let tty = try session.tmux(["display-message", "-p", "-t", "main", "#{pane_tty}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let handle = try #require(FileHandle(forWritingAtPath: tty))
        // Row 20 is body text, which no periodic redraw (the age clock in the titles) touches.
        handle.write(Data("\u{1B}[20;5HSCRIBBLED-OVER".utf8))
        try handle.close()
        await session.waitFor("SCRIBBLED-OVER")
        try session.keys("C-l")
        // Only the repaint removes every piece of it.
        let screen = await session.waitForAbsence(of: "SCRIBBL")
        #expect(screen.contains("latestData"))
    }

    @Test("at 80×24 and 40×12 the footer keeps help and quit, and latestData keeps its rows")
    func smallScreens() async throws {
        let server = try await DemoServer.start()
        for (width, height) in [(80, 24), (40, 12)] {
            let session = try TmuxSession(
                arguments: ["--no-cache", server.baseURL.absoluteString + "users/1"], width: width, height: height)
            defer { session.close() }
            let screen = await session.waitFor("\"name\"")
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            let footer = lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            #expect(footer.contains("? help") && footer.contains("q quit"), "\(width)×\(height): \(footer)")
            let dataRows = lines.filter { $0.hasPrefix("│") && $0.contains("\"") }.count
            #expect(dataRows >= 3, "\(width)×\(height): latestData shows \(dataRows) rows")
        }
        await server.shutdown()
    }
}
