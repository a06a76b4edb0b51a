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

    @Test("headers parse as Name: value lines")
    func headers() {
        var form = RequestForm(method: .post, url: "u")
        form.headers.insert("X-One: 1\nbroken\nAuthorization: Bearer t")
        #expect(form.parsedHeaders.map(\.0) == ["X-One", "Authorization"])
        #expect(form.parsedHeaders.map(\.1) == ["1", "Bearer t"])
    }
}
