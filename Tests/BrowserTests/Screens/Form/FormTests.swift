import Foundation
import Siesta
import TUICore
import Testing

@testable import Browser

@Suite("Form editor and validation")
struct FormTests {
    @Test("typing, newlines, cursor movement and backspace")
    func editing() {
        var editor = TextEditor()
        for key: Key in [.character("a"), .character("b"), .enter, .character("c"), .left, .left, .backspace] {
            editor.handle(key)
        }
        #expect(editor.text == "a\nc")
        #expect(editor.row == 0 && editor.column == 1)
        editor.handle(.end)
        editor.handle(.delete)
        #expect(editor.text == "ac")
        #expect(editor.lines.count == 1)
    }

    @Test("Ctrl-U, Ctrl-K and Ctrl-W delete to the line start, the line end and the word before")
    func lineEditing() {
        var editor = TextEditor("GET /users  /items", singleLine: true)
        editor.handle(.control("w"))
        #expect(editor.text == "GET /users  ")
        editor.handle(.control("w"))
        #expect(editor.text == "GET ")
        editor.insert("/a /b")
        editor.handle(.left)
        editor.handle(.left)
        editor.handle(.control("k"))
        #expect(editor.text == "GET /a ")
        editor.handle(.control("u"))
        #expect(editor.text.isEmpty)
        #expect(editor.column == 0)
    }

    @Test("paste splits lines, up and down keep the column")
    func paste() {
        var editor = TextEditor()
        editor.insert("{\r\n  \"a\": 1\n}")
        #expect(editor.lines.count == 3)
        editor.handle(.up)
        #expect(editor.row == 1 && editor.column == 1)
        editor.handle(.up)
        editor.handle(.up)
        #expect(editor.row == 0 && editor.column == 0)
    }

    @Test("the text comes back exactly as pasted: tabs, NUL, and each line break in its own form")
    func exactText() {
        var editor = TextEditor()
        let pasted = "a\tb\r\nc\rd\ne\u{0}f\r\n"
        editor.insert(pasted)
        #expect(editor.text == pasted)
        #expect(editor.lines.count == 5)
        #expect(editor.lineBreak(after: 0) == "\r\n" && editor.lineBreak(after: 1) == "\r")
        // Joining a line removes its own break, whatever its form; Enter types a line feed.
        editor.handle(.up)
        editor.handle(.home)
        editor.handle(.backspace)
        #expect(editor.text == "a\tb\r\nc\rde\u{0}f\r\n")
        editor.handle(.enter)
        #expect(editor.text == "a\tb\r\nc\rd\ne\u{0}f\r\n")
        // The cursor column counts the tab to its stop, as it is drawn.
        var tab = TextEditor("\tx")
        tab.handle(.end)
        #expect(tab.cursorColumnWidth == 5)
    }

    @Test("a form-urlencoded body splits pairs at CRLF and lone CR line breaks too")
    func formLineBreaks() throws {
        let body = try RequestBody.parse("a=1\r\nb=2\rc=3", mode: .form)
        #expect(body.encoded.map { String(decoding: $0.data, as: UTF8.self) } == "a=1&b=2&c=3")
    }

    @Test("single-line editors turn newlines into spaces")
    func singleLine() {
        var editor = TextEditor("a", singleLine: true)
        editor.insert("\nb")
        editor.handle(.enter)
        #expect(editor.text == "a b")
    }

    func jsonError(_ text: String) -> String? {
        do {
            _ = try RequestBody.parse(text, mode: .json)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("invalid JSON is refused with line and column")
    func invalidJSON() {
        #expect(
            jsonError("{\n  \"a\": 1,\n}") == "Invalid JSON at line 3, column 1: expected a string key but found \"}\"")
        #expect(jsonError("[1 2]") == "Invalid JSON at line 1, column 4: expected \",\" or \"]\" but found \"2\"")
        #expect(jsonError("\"open") == "Invalid JSON at line 1, column 1: unterminated string")
        #expect(jsonError("") == "Invalid JSON at line 1, column 1: expected a value but found end of input")
    }

    @Test("valid JSON is kept exactly as typed")
    func validJSON() throws {
        for text in ["{}", "[]", "42", "-0.5e+3", "\"日本\\u00e9\"", "{\"z\":1,\"f\":1.10,  \"e\":1e2}"] {
            #expect(try RequestBody.parse(text, mode: .json) == .json(text), "\(text)")
            #expect(try RequestBody.parse(text, mode: .json).encoded?.data == Data(text.utf8))
        }
    }

    @Test("form fields are escaped and kept in the order written")
    func formEncoding() throws {
        let body = try RequestBody.parse("z=1\na b=c&d=\né=ü", mode: .form)
        #expect(body.encoded?.data == Data("z=1&a%20b=c&d=&%C3%A9=%C3%BC".utf8))
        #expect(body.encoded?.contentType == "application/x-www-form-urlencoded")
    }

    @Test("a form with invalid JSON gives no draft and shows the message")
    func formRefusesInvalidJSON() {
        var form = RequestForm(method: .post, url: "http://x/users", body: "{\"name\": }")
        #expect(form.draft() == nil)
        #expect(form.validationMessage?.hasPrefix("Invalid JSON at line 1, column 10:") == true)
    }

    @Test("text and form modes encode their bodies")
    func modes() throws {
        var form = RequestForm(method: .put, url: "http://x/y", body: "a=1\nb=two")
        form.mode = .form
        guard case .urlEncoded(let fields)? = form.draft()?.body else {
            Issue.record("expected form fields")
            return
        }
        #expect(fields.map(\.name) == ["a", "b"])
        #expect(fields.map(\.value) == ["1", "two"])
        form.mode = .text
        guard case .text(let text)? = form.draft()?.body else {
            Issue.record("expected text")
            return
        }
        #expect(text == "a=1\nb=two")
        form.body.setText("no equals")
        form.mode = .form
        #expect(form.draft() == nil)
    }

    @Test("headers parse as Name: value lines; blank lines are skipped")
    func headers() throws {
        var form = RequestForm(method: .post, url: "u")
        form.headers.insert("X-One: 1\n\nAuthorization: Bearer t")
        let fields = try form.headerFields()
        #expect(fields.map(\.0) == ["X-One", "Authorization"])
        #expect(fields.map(\.1) == ["1", "Bearer t"])
    }

    @Test(
        "a malformed header line is an error naming the line, and nothing is sent",
        arguments: [
            ("X-One: 1\nbroken", "header line 2 \"broken\" has no colon: write it as Name: value"),
            (": value", "header line 1 \": value\" has no name before the colon"),
            ("Bad Name: x", "header line 1 \"Bad Name: x\": a header name may hold only letters"),
        ])
    func malformedHeader(lines: String, message: String) {
        var form = RequestForm(method: .post, url: "u", body: "{}")
        form.headers.insert(lines)
        #expect(form.draft() == nil)
        #expect(form.validationMessage?.hasPrefix(message) == true)
    }

    @Test("Tab goes URL → headers → body and stops at the ends, so typing never lands in the URL")
    func tabOrder() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Fixtures.base + "a", #"{"a":1}"#))
        _ = Fixtures.keys(&state, [.character("p")])
        func field() -> RequestForm.Field? {
            if let form = state.topLayer as? RequestForm { return form.field }
            return nil
        }
        #expect(field() == .body)
        _ = Fixtures.keys(&state, [.tab])
        #expect(field() == .body)
        #expect(state.status?.text == "the body is the last field: Shift-Tab goes back")
        _ = Fixtures.keys(&state, [.backTab])
        #expect(field() == .headers)
        _ = Fixtures.keys(&state, [.backTab, .backTab])
        #expect(field() == .url)
        _ = Fixtures.keys(&state, [.tab, .tab])
        #expect(field() == .body)
    }

    @Test("F2 without a collection says so at once, before a name is asked for, and the form stays")
    func saveWithoutCollection() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Fixtures.base + "a", "{}"))
        _ = Fixtures.keys(&state, [.character("p")])
        Fixtures.type(&state, "{\"x\": 1}")
        let commands = Fixtures.keys(&state, [.function(2)])
        #expect(commands.isEmpty)
        #expect(state.status?.text == "no collection to save to: create ./.hammock/ or start with --collection DIR")
        guard let form = state.topLayer as? RequestForm else {
            Issue.record("expected the form to stay open, got \(String(describing: state.layers))")
            return
        }
        #expect(form.body.text == "{\"x\": 1}")
        state.hasCollection = true
        _ = Fixtures.keys(&state, [.function(2)])
        guard state.topLayer is Prompt else {
            Issue.record("with a collection F2 asks for the name")
            return
        }
    }

    @Test("Ctrl-N steps through the methods; nothing typed sends no body in any mode, white space in JSON is refused")
    func methodAndEmptyBody() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Fixtures.base + "a", "{}"))
        _ = Fixtures.keys(&state, [.character("p")])
        _ = Fixtures.keys(&state, [.control("n")])
        guard var form = state.topLayer as? RequestForm else {
            Issue.record("expected the form")
            return
        }
        #expect(form.method == .put)
        #expect(state.status?.text.hasPrefix("method PUT") == true)
        for _ in 0..<6 { _ = Fixtures.keys(&state, [.control("n")]) }
        guard let cycled = state.topLayer as? RequestForm else {
            Issue.record("expected the form to stay open while its method changes")
            return
        }
        #expect(cycled.method == .post, "seven steps come back to POST")
        // An empty JSON body is no body, not invalid JSON.
        let commands = Fixtures.keys(&state, [.control("s")])
        guard case .send(let draft, _)? = commands.first else {
            Issue.record("expected the empty POST to be sent, got \(commands)")
            return
        }
        #expect(draft.method == .post && draft.body == .none)
        form = RequestForm(method: .post, url: Fixtures.base + "a", body: "  \n")
        #expect(form.draft() == nil)
        #expect(form.validationMessage?.hasPrefix("The JSON body is only white space") == true)
        // A DELETE with a typed body sends it.
        form = RequestForm(method: .delete, url: Fixtures.base + "a", body: #"{"reason": "dup"}"#)
        #expect(form.draft()?.body == .json(#"{"reason": "dup"}"#))
    }
}
