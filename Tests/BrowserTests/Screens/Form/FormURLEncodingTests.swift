import DemoAPI
import Foundation
import Siesta
import TUICore
import TestSupport
import Testing

@testable import Browser

/// Form-urlencoded bodies: pairs by `&` or by line, encoded so the server decodes what was typed.
@Suite("Form-urlencoded bodies")
@MainActor
struct FormURLEncodingTests {
    func encoded(_ text: String) throws -> String {
        let body = try RequestBody.parse(text, mode: .form)
        return String(decoding: try #require(body.encoded).data, as: UTF8.self)
    }

    func fields(_ text: String) throws -> [[String]] {
        guard case .urlEncoded(let fields) = try RequestBody.parse(text, mode: .form) else { return [] }
        return fields.map { [$0.name, $0.value] }
    }

    @Test("a=1&b=2 is two fields, and pairs by line and by & mix")
    func pairs() throws {
        #expect(try fields("a=1&b=2") == [["a", "1"], ["b", "2"]])
        #expect(try encoded("a=1&b=2") == "a=1&b=2")
        #expect(
            try fields("a=1&b=2\n\n  c=3  \nd=&e=x=y&") == [
                ["a", "1"], ["b", "2"], ["c", "3"], ["d", ""], ["e", "x=y"],
            ])
        #expect(try encoded("a=1&b=2\nc=3\ne=x=y") == "a=1&b=2&c=3&e=x%3Dy")
    }

    @Test("%, + and spaces typed as text are encoded so the server decodes exactly them")
    func literal() throws {
        #expect(try encoded("note=50% + tax") == "note=50%25%20%2B%20tax")
        #expect(try encoded("é=ü/ok?") == "%C3%A9=%C3%BC%2Fok%3F")
        #expect(try fields("note=50% + tax") == [["note", "50% + tax"]])
    }

    @Test("a line written encoded already is sent byte for byte")
    func alreadyEncoded() throws {
        #expect(try encoded("q=rock%26roll&x=a+b") == "q=rock%26roll&x=a+b")
        #expect(try fields("q=rock%26roll&x=a+b") == [["q", "rock&roll"], ["x", "a b"]])
        // Each line decides for itself.
        #expect(try encoded("a=x%20y\nb=x%20y z") == "a=x%20y&b=x%2520y%20z")
    }

    @Test("a pair without = or without a key is refused with its line")
    func refusals() {
        #expect(throws: FormError(message: "Form body line 2: 'b' needs key=value")) {
            try RequestBody.parse("a=1\na=1&b", mode: .form)
        }
        #expect(throws: FormError(message: "Form body line 1: '=x' has no key before =")) {
            try RequestBody.parse("=x", mode: .form)
        }
    }

    @Test("the form shows the encoded body it will send, or why it would send nothing")
    func preview() {
        var form = RequestForm(method: .post, url: "http://127.0.0.1:9/anything", body: "a=1&b=2\nnote=50% off")
        #expect(form.formBodyPreview == nil)
        form.mode = .form
        var state = Fixtures.state()
        state.layers = [form]
        var text = BrowserView.render(state).text
        #expect(text.contains("sends a=1&b=2&note=50%25%20off"))
        form.body.setText("a=1&b")
        state.layers = [form]
        text = BrowserView.render(state).text
        #expect(text.contains("sends nothing: Form body line 1: 'b' needs key=value"))
    }

    @Test("a=1&b=2 reaches the server as two fields over a real socket")
    func endToEnd() async throws {
        let server = try await SharedDemoServer.get()
        let browser = Fixtures.resourceBrowser(on: server)
        browser.start(path: "/anything")
        await waitUntil("anything") { browser.state.current?.latestData != nil }
        browser.dispatch(.key(.character("p")))
        while let form = browser.state.topLayer as? RequestForm, form.mode != .form {
            browser.dispatch(.key(.control("t")))
        }
        browser.dispatch(.paste("a=1&b=2\nnote=50% + tax\na=3\nq=rock%26roll"))
        browser.dispatch(.key(.control("s")))
        guard let (form, outline) = await Fixtures.jsonResponse(of: browser) else { return }
        #expect(form.response?.status == 200)
        let echo = try #require(try JSONSerialization.jsonObject(with: outline.document.data) as? [String: Any])
        let sent = try #require(echo["fields"] as? [[String]])
        #expect(sent == [["a", "1"], ["b", "2"], ["note", "50% + tax"], ["a", "3"], ["q", "rock&roll"]])
        let form2 = try #require(echo["form"] as? [String: Any])
        #expect(form2["a"] as? [String] == ["1", "3"])
        #expect(form2["b"] as? String == "2")
        #expect(echo["data"] as? String == "a=1&b=2&note=50%25%20%2B%20tax&a=3&q=rock%26roll")
        let headers = try #require(echo["headers"] as? [String: String])
        #expect(headers["content-type"] == "application/x-www-form-urlencoded")
    }
}
