import DemoAPI
import Foundation
import HTTPCore
import Siesta
import TUICore
import TestSupport
import Testing
import Workspace

@testable import Browser
@testable import BrowserRuntime

/// The WebSocket console over real connections to the demo API's WebSocket routes.
@Suite("The WebSocket console")
@MainActor
struct WebSocketConsoleTests {
    func go(_ browser: ResourceBrowser, _ text: String) {
        browser.dispatch(.key(.character("g")))
        browser.dispatch(.paste(text))
        browser.dispatch(.key(.enter))
    }

    /// Types `text` into the console's line (opening it) and presses Enter.
    func send(_ browser: ResourceBrowser, _ text: String) {
        if browser.state.webSocketConsole?.input == nil { browser.dispatch(.key(.character("i"))) }
        browser.dispatch(.paste(text))
        browser.dispatch(.key(.enter))
    }

    func console(_ browser: ResourceBrowser) -> WebSocketConsole? { browser.state.webSocketConsole }

    func wsURL(_ server: DemoServer, _ path: String) throws -> String {
        let port = try #require(server.baseURL.port)
        return "ws://127.0.0.1:\(port)/\(path)"
    }

    @Test("g ws://… opens the console; text and JSON are sent and their echoes shown with time, direction and kind")
    func echo() async throws {
        let server = try await SharedDemoServer.get()
        let browser = Fixtures.resourceBrowser(on: server)
        let url = try wsURL(server, "ws/echo")
        go(browser, url)
        #expect(console(browser)?.url == url)
        #expect(console(browser)?.phase == .connecting)
        await waitUntil("open") { console(browser)?.isOpen == true }
        send(browser, "hello")
        await waitUntil("the first echo") { console(browser)?.receivedCount == 1 }
        browser.dispatch(.key(.tab))
        #expect(console(browser)?.checksJSON == true)
        send(browser, #"{"b": 1.50, "a": [true, null]}"#)
        await waitUntil("both echoes") { console(browser)?.receivedCount == 2 }
        let messages = try #require(console(browser)?.messages)
        #expect(messages.map(\.direction) == [.sent, .received, .sent, .received])
        #expect(messages.map(\.kind) == [.text, .text, .json, .json])
        try #require(messages.count == 4)
        #expect(messages[1].lines == ["hello"])
        // Pretty-printed with the sender's key order and number text.
        #expect(messages[3].lines == ["{", #"  "b": 1.50,"#, #"  "a": ["#, "    true,", "    null", "  ]", "}"])
        let screen = BrowserView.render(browser.state)
        #expect(screen.find("● open") != nil)
        #expect(screen.find("↓ text · 5 B") != nil)
        #expect(screen.find("↑ JSON · 30 B") != nil)
        // Drawn like a JSON body: keys and numbers in their colours.
        let key = try #require(screen.find(#"    "b": 1.50,"#))
        #expect(screen[key.x + 4, key.y].style == browser.state.theme.style(.jsonKey))
        #expect(screen[key.x + 9, key.y].style == browser.state.theme.style(.jsonNumber))
        let heading = messages[1].heading
        #expect(heading.range(of: #"^\d\d:\d\d:\d\d\.\d\d\d ↓ text"#, options: .regularExpression) != nil)
        // Esc closes the line, q leaves; news of the connection left is dropped.
        browser.dispatch(.key(.escape))
        #expect(console(browser)?.input == nil)
        browser.dispatch(.key(.character("q")))
        #expect(browser.state.webSocketConsole == nil)
        browser.dispatch(.webSocket(generation: browser.state.webSocketGeneration, .opened))
        #expect(browser.state.webSocketConsole == nil)
    }

    @Test("with the JSON check on, a line that is not JSON is refused and nothing is sent")
    func jsonCheck() async throws {
        let server = try await SharedDemoServer.get()
        let browser = Fixtures.resourceBrowser(on: server)
        go(browser, try wsURL(server, "ws/echo"))
        await waitUntil("open") { console(browser)?.isOpen == true }
        browser.dispatch(.key(.tab))
        send(browser, "{oops")
        #expect(browser.state.status?.isError == true)
        #expect(browser.state.status?.text.contains("not sent: Invalid JSON at line 1, column 2") == true)
        #expect(console(browser)?.input?.text == "{oops", "the line is kept for fixing")
        // The echo server answers in order: the first echo is the valid line's.
        browser.dispatch(.key(.control("u")))
        browser.dispatch(.paste(#"[1, "two"]"#))
        browser.dispatch(.key(.enter))
        await waitUntil("the echo") { console(browser)?.receivedCount == 1 }
        #expect(console(browser)?.messages.filter { $0.direction == .received }.map(\.lines.first) == ["["])
        #expect(console(browser)?.sentCount == 1)
        browser.dispatch(.key(.escape))
        browser.dispatch(.key(.escape))
        #expect(browser.state.webSocketConsole == nil)
    }

    @Test("the server's close shows its code and reason; r reconnects; c closes with 1000")
    func closeAndReconnect() async throws {
        let server = try await SharedDemoServer.get()
        let browser = Fixtures.resourceBrowser(on: server)
        go(browser, try wsURL(server, "ws/close?code=4001&reason=done&after=1"))
        await waitUntil("open") { console(browser)?.isOpen == true }
        send(browser, "x")
        await waitUntil("closed by the server") {
            if case .closed = console(browser)?.phase { return true }
            return false
        }
        #expect(console(browser)?.phaseText == "Closed by the server: 4001 (done)")
        #expect(BrowserView.render(browser.state).find("● Closed by the server: 4001 (done)") != nil)
        browser.dispatch(.key(.escape))
        send(browser, "y")
        #expect(browser.state.status?.text.contains("not sent: the connection is Closed by the server") == true)
        browser.dispatch(.key(.escape))
        let first = try #require(console(browser)?.generation)
        browser.dispatch(.key(.character("r")))
        #expect(console(browser)?.phase == .connecting)
        #expect(console(browser)?.generation == first + 1)
        await waitUntil("open again") { console(browser)?.isOpen == true }
        #expect(console(browser)?.messages.count == 2, "the messages stay")
        browser.dispatch(.key(.character("c")))
        await waitUntil("closed") {
            if case .closed = console(browser)?.phase { return true }
            return false
        }
        #expect(console(browser)?.phaseText == "Closed: 1000 normal closure")
    }

    @Test("a connection that cannot be made shows the failure's sentence")
    func failure() async throws {
        let port = try ClosedPort.make()
        let server = try await SharedDemoServer.get()
        let browser = Fixtures.resourceBrowser(on: server)
        go(browser, "ws://127.0.0.1:\(port)/ws/echo")
        await waitUntil("failed") {
            if case .failed = console(browser)?.phase { return true }
            return false
        }
        let text = try #require(console(browser)?.phaseText)
        #expect(text.hasPrefix("failed: "))
        #expect(text.contains("127.0.0.1:\(port)"))
        #expect(browser.state.events.last?.kind == .error)
        // On a narrow terminal the state line cuts the sentence; the message area has it whole.
        browser.dispatch(.resize(width: 40, height: 20))
        let screen = BrowserView.render(browser.state)
        #expect(screen.line(1).contains("failed: Cannot connect"))
        #expect(!screen.line(1).contains("unreachable"))
        #expect((screen.find("unreachable")?.y ?? 0) > 1)
        #expect(screen.find("r reconnects") != nil)
    }

    @Test("long sentences wrap at spaces, and a word longer than the line is cut")
    func wrapping() {
        #expect(TextWrap.lines("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(TextWrap.lines("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TextWrap.lines("", width: 4) == [""])
    }

    @Test("control characters and escape sequences of received text never reach the terminal")
    func sanitized() async throws {
        let server = try await SharedDemoServer.get()
        let browser = Fixtures.resourceBrowser(on: server)
        go(browser, try wsURL(server, "ws/echo"))
        await waitUntil("open") { console(browser)?.isOpen == true }
        send(browser, "a\u{1B}[2Jb\u{07}c")
        await waitUntil("the echo") { console(browser)?.receivedCount == 1 }
        let screen = BrowserView.render(browser.state)
        #expect(screen.find("a␛[2Jb") != nil)
        for y in 0..<screen.height {
            for x in 0..<screen.width {
                let scalar = screen[x, y].character.unicodeScalars.first!.value
                #expect(scalar >= 0x20 && scalar != 0x7F, "cell \(x),\(y)")
            }
        }
        browser.dispatch(.key(.escape))
        browser.dispatch(.key(.character("q")))
        // A close reason is the server's text too.
        go(browser, try wsURL(server, "ws/close?code=4000&reason=x%1B%5B2Jy"))
        await waitUntil("closed") {
            if case .closed = console(browser)?.phase { return true }
            return false
        }
        #expect(console(browser)?.phaseText == "Closed by the server: 4000 (x␛[2Jy)")
        #expect(BrowserView.render(browser.state).find("● Closed by the server: 4000 (x␛[2Jy)") != nil)
    }

    @Test("the view follows new messages unless scrolled up; End follows again")
    func followsTail() {
        var console = WebSocketConsole(url: "ws://x/", generation: 1)
        for number in 0..<10 {
            console.append(
                WebSocketMessage(
                    time: Double(number), direction: .received, kind: .text, byteCount: 1, lines: ["m\(number)"]))
        }
        #expect(console.rowCount == 20)
        #expect(console.visibleRows(height: 4).map { $0.text }.last == "  m9")
        for _ in 0..<3 { console.scroll(.up, height: 4) }
        #expect(!console.followsNewest)
        let shown = console.visibleRows(height: 4).map { $0.text }
        console.append(WebSocketMessage(time: 10, direction: .received, kind: .text, byteCount: 1, lines: ["m10"]))
        #expect(console.visibleRows(height: 4).map { $0.text } == shown, "scrolled up: what is shown stays")
        console.scroll(.bottom, height: 4)
        #expect(console.followsNewest)
        #expect(
            console.visibleRows(height: 4).map { $0.text } == [
                console.messages[9].heading, "  m9", console.messages[10].heading, "  m10",
            ])
        // A sent message reported after an answer with a later time goes before it.
        console.append(WebSocketMessage(time: 9.5, direction: .sent, kind: .text, byteCount: 1, lines: ["s"]))
        #expect(console.messages.map(\.time).suffix(3) == [9, 9.5, 10])
    }

    @Test("text typed in g whose {{variables}} fill to a ws:// URL opens the console")
    func variables() async throws {
        let server = try await SharedDemoServer.get()
        let folder = try TemporaryFolder()
        let port = try #require(server.baseURL.port)
        try folder.write(".hammock/environments/local.yaml", "socket: ws://127.0.0.1:\(port)\n")
        let workspace = WorkspaceSession(
            collection: RequestCollection(folder: folder.path(".hammock")), processEnvironment: [:])
        let browser = ResourceBrowser(
            service: Service(baseURL: server.baseURL),
            state: BrowserState(width: 120, height: 30, serviceBaseURL: server.baseURL.absoluteString),
            workspace: workspace)
        workspace.selectEnvironment("local")
        await waitUntil("environment chosen") { browser.state.environment == "local" }
        go(browser, "{{socket}}/ws/echo")
        await waitUntil("open") { console(browser)?.isOpen == true }
        #expect(console(browser)?.url == "ws://127.0.0.1:\(port)/ws/echo")
        browser.dispatch(.key(.character("q")))
    }

    @Test("binary messages show their size and a hex preview")
    func binary() {
        let data = Data((0..<70).map { UInt8($0 + 60) })
        let message = WebSocketMessageText.message(binary: data, direction: .received, time: 0)
        #expect(message.kind == .binary)
        #expect(message.heading.hasSuffix("↓ binary · 70 B"))
        #expect(message.lines.count == 5)
        #expect(message.lines[0] == "3c 3d 3e 3f 40 41 42 43 44 45 46 47 48 49 4a 4b  <=>?@ABCDEFGHIJK")
        #expect(message.lines[4] == "… 6 more bytes")
    }

    @Test("ws:// and wss:// are read as WebSocket URLs; other text is not")
    func urls() throws {
        #expect(
            try URLInput.webSocketURL("WS://127.0.0.1:9/ws/echo?x=a b")?.absoluteString
                == "ws://127.0.0.1:9/ws/echo?x=a%20b")
        #expect(try URLInput.webSocketURL("wss://example.org")?.absoluteString == "wss://example.org/")
        #expect(try URLInput.webSocketURL("http://example.org/") == nil)
        #expect(try URLInput.webSocketURL("users/1") == nil)
        #expect(throws: URLInputError.self) { try URLInput.webSocketURL("ws://") }
    }
}
