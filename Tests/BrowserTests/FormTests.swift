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

    @Test("invalid JSON is refused with line and column")
    func invalidJSON() {
        #expect(
            JSONValidator.validate("{\n  \"a\": 1,\n}")?.description
                == "Invalid JSON at line 3, column 1: expected a string key but found \"}\"")
        #expect(
            JSONValidator.validate("[1 2]")?.description
                == "Invalid JSON at line 1, column 4: expected \",\" or \"]\" but found \"2\"")
        #expect(JSONValidator.validate("{\"a\": tru}")?.line == 1)
        #expect(JSONValidator.validate("\"open")?.reason == "unterminated string")
        #expect(JSONValidator.validate("") != nil)
    }

    @Test("valid JSON passes, including scalars and unicode")
    func validJSON() {
        for text in ["{}", "[]", "42", "-0.5e+3", "\"日本\\u00e9\"", "{\"a\": [true, false, null, {\"b\": 1}]}"] {
            #expect(JSONValidator.validate(text) == nil, "\(text)")
        }
    }

    @Test("a form with invalid JSON gives no draft and shows the message")
    func formRefusesInvalidJSON() {
        var form = RequestForm(method: "POST", url: "http://x/users", body: "{\"name\": }")
        #expect(form.draft() == nil)
        #expect(form.validationMessage?.hasPrefix("Invalid JSON at line 1, column 10:") == true)
    }

    @Test("text and form modes encode their bodies")
    func modes() throws {
        var form = RequestForm(method: "PUT", url: "http://x/y", body: "a=1\nb=two")
        form.mode = .form
        guard case .urlEncoded(let fields)? = form.draft()?.body else {
            Issue.record("expected form fields")
            return
        }
        #expect(fields.map(\.0) == ["a", "b"])
        #expect(fields.map(\.1) == ["1", "two"])
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
        var form = RequestForm(method: "POST", url: "u")
        form.headers.insert("X-One: 1\nbroken\nAuthorization: Bearer t")
        #expect(form.parsedHeaders.map(\.0) == ["X-One", "Authorization"])
        #expect(form.parsedHeaders.map(\.1) == ["1", "Bearer t"])
    }
}
