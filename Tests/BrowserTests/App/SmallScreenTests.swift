import Foundation
import Siesta
import TUICore
import Testing

@testable import Browser

@Suite("Small screens, the footer by priority and sideways scrolling in every pane")
struct SmallScreenTests {
    static let usersURL = Fixtures.base + "users"

    @Test("below the smallest size q quits as the notice says, even over a form, and no key types into it")
    func tooSmallQuits() {
        var state = Fixtures.state(width: 150, height: 45, showing: Fixtures.jsonSnapshot(Self.usersURL, "[]"))
        _ = Fixtures.keys(&state, [.character("p")])
        Fixtures.type(&state, "{}")
        _ = state.update(.resize(width: 30, height: 10))
        #expect(BrowserView.render(state).text.contains("q quits"))
        _ = Fixtures.keys(&state, [.character("x")])
        _ = state.update(.paste("pasted"))
        guard let form = state.topLayer as? RequestForm else {
            Issue.record("the form is still open under the notice")
            return
        }
        #expect(form.body.text == "{}")
        let commands = Fixtures.keys(&state, [.character("q")])
        #expect(state.isQuitting)
        guard case .quit? = commands.first else {
            Issue.record("expected quit, got \(commands)")
            return
        }
    }

    @Test("at 80×24 the footer keeps help and quit")
    func footerAt80x24() {
        let state = Fixtures.state(width: 80, height: 24, showing: Fixtures.jsonSnapshot(Self.usersURL, "[]"))
        let footer = BrowserView.render(state).lines[23]
        #expect(footer.contains("? help"))
        #expect(footer.contains("q quit"))
        #expect(footer.contains("r load()"))
    }

    @Test("at 40×12 help and quit still show, with latestData before anything else")
    func footerAt40x12() {
        let state = Fixtures.state(width: 40, height: 12, showing: Fixtures.jsonSnapshot(Self.usersURL, "[]"))
        let footer = BrowserView.render(state).lines[11]
        #expect(footer.contains("? help"))
        #expect(footer.contains("q quit"))
        #expect(!footer.contains("wipe()"), "low-priority hints give way")
    }

    @Test("the footer says what Enter does when the cursor is on a link")
    func enterHint() {
        let json = #"{"author": "/users/1", "name": "x"}"#
        var state = Fixtures.state(width: 150, height: 45, showing: Fixtures.jsonSnapshot(Self.usersURL, json))
        #expect(!BrowserView.render(state).lines[44].contains("follow link"))
        _ = Fixtures.keys(&state, [.down])
        #expect(BrowserView.render(state).lines[44].contains("Enter follow link"))
    }

    @Test("at 40×12 latestData gets most of the rows")
    func layoutAt40x12() throws {
        let layout = BrowserLayout(width: 40, height: 12, showResources: false)
        #expect(!layout.isURLBoxed)
        #expect(layout.innerHeight(.latestData) >= 4)
        #expect(layout.innerHeight(.events) == 1)
        let json = "[1, 2, 3]"
        let screen = BrowserView.render(
            Fixtures.state(width: 40, height: 12, showing: Fixtures.jsonSnapshot(Self.usersURL, json)))
        let text = screen.text
        #expect(text.contains("GET"))
        #expect(text.contains("isLoading false"))
        #expect(text.contains("  1,") && text.contains("  3"))
    }

    @Test("a long event line is cut with › and scrolls sideways when Events has focus")
    func eventsScrollSideways() throws {
        var state = Fixtures.state(width: 80, height: 24, showing: Fixtures.jsonSnapshot(Self.usersURL, "[]"))
        let tail = "END-OF-DETAIL"
        state.log(
            EventLogEntry(
                time: 1000, name: "note", resource: "",
                detail: String(repeating: "long detail ", count: 12) + tail, kind: .note))
        let frame = try #require(state.layout.frames[.events])
        var screen = BrowserView.render(state)
        let lastRow = frame.maxY - 2
        #expect(screen[frame.maxX - 1, lastRow].character == "›")
        #expect(!screen.text.contains(tail))
        _ = Fixtures.keys(&state, [.tab])
        #expect(state.focus == .events)
        for _ in 0..<6 { _ = Fixtures.keys(&state, [.right]) }
        screen = BrowserView.render(state)
        #expect(screen.text.contains(tail))
        #expect(screen[frame.x, lastRow].character == "‹")
        #expect(state.status?.text == "no more text to the right")
        _ = Fixtures.keys(&state, [.left, .left, .left, .left, .left, .left, .left, .left])
        #expect(state.paneLeft[.events] == 0)
    }

    @Test("under 20 rows the unboxed URL lines show › and scroll sideways too")
    func unboxedURLScrolls() throws {
        let long = Self.usersURL + "?" + String(repeating: "q=1&", count: 20) + "last=END"
        var state = Fixtures.state(width: 60, height: 14, showing: Fixtures.jsonSnapshot(long, "[]"))
        #expect(!state.layout.isURLBoxed)
        var screen = BrowserView.render(state)
        #expect(screen[59, 0].character == "›")
        while state.focus != .url { _ = Fixtures.keys(&state, [.tab]) }
        for _ in 0..<4 { _ = Fixtures.keys(&state, [.right]) }
        screen = BrowserView.render(state)
        #expect(screen.text.contains("last=END"))
        #expect(screen[0, 0].character == "‹")
    }

    @Test("a row cut just before a space still gets its › mark")
    func cutAtSpace() throws {
        var state = Fixtures.state(width: 80, height: 24, showing: Fixtures.jsonSnapshot(Self.usersURL, "[]"))
        let frame = try #require(state.layout.frames[.events])
        let inner = frame.inset(by: 1)
        // clock (13) + name (17) + resource and its space fill the row; the detail lies beyond.
        let resource = String(repeating: "r", count: inner.width - 13 - 17 - 1)
        state.log(EventLogEntry(time: 1000, name: "note", resource: resource, detail: "beyond", kind: .note))
        let screen = BrowserView.render(state)
        #expect(screen[frame.maxX - 1, frame.maxY - 2].character == "›")
    }

    @Test("the URL pane takes focus and scrolls a long URL sideways")
    func urlScrollsSideways() throws {
        let long = Self.usersURL + "?" + String(repeating: "q=1&", count: 40) + "last=END"
        var state = Fixtures.state(width: 80, height: 24, showing: Fixtures.jsonSnapshot(long, "[]"))
        let frame = try #require(state.layout.frames[.url])
        var screen = BrowserView.render(state)
        #expect(screen[frame.maxX - 1, frame.y + 1].character == "›")
        while state.focus != .url { _ = Fixtures.keys(&state, [.tab]) }
        for _ in 0..<6 { _ = Fixtures.keys(&state, [.right]) }
        screen = BrowserView.render(state)
        #expect(screen.text.contains("last=END"))
    }
}
