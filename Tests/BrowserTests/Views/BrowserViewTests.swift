import Foundation
import TUICore
import Testing
import Workspace

@testable import Browser

@Suite("Rendering the main screen")
struct BrowserViewTests {
    let usersURL = Fixtures.base + "users"

    @Test("panes carry their Siesta names and show the resource")
    func panes() {
        let state = Fixtures.state(showing: Fixtures.jsonSnapshot(usersURL, #"[{"id": 1, "url": "/users/1"}]"#))
        let screen = BrowserView.render(state)
        let text = screen.text
        for title in ["URL", "latestData", "latestError", "isLoading", "Events"] {
            #expect(text.contains("┌ \(title)"), "missing pane \(title)")
        }
        #expect(text.contains("GET http://127.0.0.1:9/users"))
        #expect(text.contains("service.baseURL http://127.0.0.1:9/"))
        #expect(text.contains("application/json; charset=utf-8 · 30 B · ETag \"abc\" · age 3.0s"))
        #expect(text.contains(#""url": "/users/1""#))
        #expect(text.contains("newData(network)"))
        #expect(text.contains("isUpToDate true"))
        #expect(text.contains("r load()"))
    }

    @Test("isUpToDate turns false once the data's age passes expirationTime, with no Siesta event")
    func staleWithTime() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(usersURL, "[]"))
        #expect(BrowserView.render(state).text.contains("isUpToDate true  stale in"))
        _ = state.update(.tick(now: state.now + 60))
        let text = BrowserView.render(state).text
        #expect(text.contains("isUpToDate false  stale"))
    }

    @Test("JSON is coloured by kind with the theme's slots")
    func syntaxColours() throws {
        let state = Fixtures.state(
            showing: Fixtures.jsonSnapshot(usersURL, #"{"n": 5, "s": "x", "b": false, "z": null}"#))
        let screen = BrowserView.render(state)
        let theme = state.theme
        let key = try #require(screen.find(#""n""#))
        #expect(screen[key.x, key.y].style.foreground == theme.color(.jsonKey))
        let number = try #require(screen.find("5"))
        #expect(screen[number.x, number.y].style.foreground == theme.color(.jsonNumber))
        let boolean = try #require(screen.find(#""b": false"#))
        #expect(screen[boolean.x + 5, boolean.y].style.foreground == theme.color(.jsonBoolean))
        let null = try #require(screen.find("null"))
        #expect(screen[null.x, null.y].style.foreground == theme.color(.jsonNull))
    }

    @Test("latestError shows the status, userMessage and error body")
    func errorPane() {
        var snapshot = Fixtures.jsonSnapshot(usersURL, "[]")
        let body = BodyContent.from(
            content: ["error": "Not Found", "status": 404] as [String: Any], contentType: "application/json")
        snapshot.latestError = ErrorSnapshot(userMessage: "Not found", httpStatusCode: 404, body: body, timestamp: 999)
        let state = Fixtures.state(showing: snapshot)
        let text = BrowserView.render(state).text
        #expect(text.contains("HTTP 404  Not found"))
        #expect(text.contains(#""error": "Not Found","#))
    }

    @Test("isLoading shows a spinner and a progress bar")
    func loading() {
        var snapshot = ResourceSnapshot(
            url: usersURL, isLoading: true, isRequesting: true, loadRequestCount: 1, progress: 0.5)
        snapshot.isUpToDate = false
        let state = Fixtures.state(showing: snapshot)
        let text = BrowserView.render(state).text
        #expect(text.contains("isLoading ⠋"))
        #expect(text.contains("true  ███████████████░░░░░░░░░░░░░░░ 50%"))
        #expect(text.contains("loadRequests 1  isRequesting true"))
        #expect(text.contains("nil (loading…)"))
    }

    @Test("hostile bodies never put control characters on screen")
    func hostileBody() throws {
        let hostile = "clear\u{1B}[2J title\u{1B}]0;pwned\u{07} nul\u{0} bs\u{8} cr\r bidi\u{202E}txt"
        let state = Fixtures.state(showing: Fixtures.textSnapshot(usersURL, hostile))
        let screen = BrowserView.render(state)
        for cell in screen.cells {
            for scalar in cell.character.unicodeScalars {
                #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value) && scalar.value != 0x202E)
            }
        }
        #expect(screen.text.contains("clear␛[2J title␛]0;pwned␇ nul␀ bs␈ cr␍ bidi\\u{202E}txt"))
        let escape = try #require(screen.find("␛"))
        #expect(screen[escape.x, escape.y].style.foreground == state.theme.color(.warning))
    }

    @Test("a long ETag is cut with an ellipsis, a short one is shown whole")
    func longETag() {
        var snapshot = Fixtures.jsonSnapshot(usersURL, #"{"a": 1}"#)
        snapshot.latestData?.etag = "\"0123456789abcdef0123456789abcdef\""
        let text = BrowserView.render(Fixtures.state(showing: snapshot)).text
        #expect(text.contains("ETag \"0123456789abcdef012345… · age"))
        #expect(!text.contains("0123456789abcdef0123456789abcdef"))
    }

    @Test("the last exchange shows its status, or that it failed or was cancelled")
    func lastExchange() {
        var snapshot = Fixtures.jsonSnapshot(usersURL, #"{"a": 1}"#)
        let outcomes: [(Int?, String?, String)] = [
            (200, nil, "last 200 · total 5.0 ms"), (nil, "timed out", "last failed · total 5.0 ms"),
            (nil, Exchange.cancelledFailure, "last cancelled · total 5.0 ms"),
        ]
        for (status, failure, line) in outcomes {
            snapshot.lastExchange = Exchange(
                date: Date(timeIntervalSince1970: 0), method: "GET", url: usersURL, statusCode: status,
                totalTime: 0.005, errorMessage: failure)
            #expect(BrowserView.render(Fixtures.state(showing: snapshot)).text.contains(line), "\(line)")
        }
    }

    @Test("hostile JSON keys and values are escaped")
    func hostileJSON() {
        let snapshot = Fixtures.jsonSnapshot(usersURL, #"{"k\u001b[31m": "v\u0007\u202e"}"#)
        let text = BrowserView.render(Fixtures.state(showing: snapshot)).text
        #expect(text.contains(#""k\u001B[31m": "v\u0007\u202E""#))
    }

    @Test("a 10 MB single line renders only what fits")
    func hugeLine() {
        let line = String(repeating: "abcdefghij", count: 1_000_000)
        let screen = BrowserView.render(Fixtures.state(showing: Fixtures.textSnapshot(usersURL, line)))
        #expect(screen.text.contains("abcdefghijabcdefghij"))
        #expect(screen.text.contains("10.0 MB"))
    }

    @Test("wide characters keep the pane border aligned")
    func wideCharactersAligned() {
        let state = Fixtures.state(showing: Fixtures.jsonSnapshot(usersURL, #"{"名前": "日本語🙂"}"#))
        let screen = BrowserView.render(state)
        let row = try! #require(screen.find("名前")).y
        let border = screen.layoutBorderColumns(row: row)
        let headerBorder = screen.layoutBorderColumns(row: 4)
        #expect(border == headerBorder)
    }

    @Test("terminals smaller than 40×12 show a notice, down to one column")
    func tooSmall() {
        for (width, height) in [(39, 30), (80, 11), (1, 1), (1, 40), (0, 0)] {
            let screen = BrowserView.render(
                Fixtures.state(width: width, height: height, showing: Fixtures.jsonSnapshot(usersURL, "[1]")))
            #expect(screen.lines.count == height)
            if width >= 20 && height >= 3 { #expect(screen.text.contains("Terminal too small")) }
        }
        let fits = BrowserView.render(
            Fixtures.state(width: 40, height: 12, showing: Fixtures.jsonSnapshot(usersURL, "[1]")))
        #expect(fits.text.contains("latestData"))
        #expect(!fits.text.contains("too small"))
    }

    @Test("resize re-lays out the panes")
    func resize() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(usersURL, "[1]"))
        let wide = BrowserView.render(state)
        _ = state.update(.resize(width: 60, height: 30))
        let narrow = BrowserView.render(state)
        #expect(narrow.width == 60 && narrow.height == 30)
        #expect(narrow.text.contains("latestData"))
        #expect(wide.find("Events")!.y < narrow.find("Events")!.y)
    }

    @Test("secrets in configured headers are masked on screen")
    func maskedHeaders() {
        let state = Fixtures.state(
            showing: Fixtures.jsonSnapshot(usersURL, "[]"), headers: [("Authorization", "Bearer hunter2")])
        let text = BrowserView.render(state).text
        #expect(text.contains("Authorization: Bearer ••••••"))
        #expect(!text.contains("hunter2"))
    }

    @Test("the help overlay lists keys with their Siesta calls")
    func help() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(usersURL, "[]"))
        _ = state.update(.key(.character("?")))
        let text = BrowserView.render(state).text
        for entry in ["load()", "loadIfNeeded()", "invalidate()", "wipe()", "overrideLocalContent"] {
            #expect(text.contains(entry))
        }
        #expect(text.contains("r "))
        _ = state.update(.key(.escape))
        #expect(!BrowserView.render(state).text.contains("help: keys"))
    }

    @Test("the no-colour theme draws without colours")
    func noColour() {
        let state = BrowserState(width: 100, height: 30, serviceBaseURL: Fixtures.base, themes: [.noColor], now: 0)
        let screen = BrowserView.render(state)
        #expect(screen.cells.allSatisfy { $0.style.foreground == .default && $0.style.background == .default })
    }

    @Test("the SVG export holds the screen's text, XML-escaped")
    func svg() {
        var screen = Screen(width: 10, height: 2)
        screen.put("a<b&\"c", x: 0, y: 0, style: Style(foreground: .indexed(1)))
        let svg = SVGExporter.svg(screen)
        #expect(svg.hasPrefix("<svg"))
        #expect(svg.contains("a&lt;b&amp;&quot;c"))
        #expect(svg.contains("#cd0000"))
    }

    @Test("the SVG export places each emoji and CJK character at its own cell")
    func svgWidths() {
        var screen = Screen(width: 20, height: 1)
        screen.put("\"👩‍👩‍👧‍👦 f\" 中x", x: 0, y: 0, style: .plain)
        let svg = SVGExporter.svg(screen)
        // The family takes cells 1-2 (x 9, 18 px wide); " f\" " follows at cell 3 (x 27).
        #expect(svg.contains(##"<text x="9" y="14" fill="#d0d0d0" xml:space="preserve" textLength="18""##))
        #expect(
            svg.contains(
                ##"x="27" y="14" fill="#d0d0d0" xml:space="preserve" textLength="36" lengthAdjust="spacingAndGlyphs"> f&quot; </text>"##
            ))
        #expect(
            svg.contains(
                ##"x="63" y="14" fill="#d0d0d0" xml:space="preserve" textLength="18" lengthAdjust="spacingAndGlyphs">中</text>"##
            ))
        #expect(svg.contains(#"<text x="81" y="14""#))
    }
}

extension Screen {
    /// Columns that hold vertical border characters on a row.
    func layoutBorderColumns(row: Int) -> [Int] {
        (0..<width).filter { ["│", "┌", "┐"].contains(self[$0, row].character) }
    }
}
