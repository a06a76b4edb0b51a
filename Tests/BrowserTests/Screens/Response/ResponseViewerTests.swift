import DemoAPI
import Foundation
import Siesta
import TestSupport
import Testing

@testable import Browser

@Suite("The response viewer of a form request")
@MainActor
struct ResponseViewerTests {
    let usersURL = Fixtures.base + "users"

    func response(
        _ json: String, succeeded: Bool = true, status: Int = 201, headers: [String: String] = [:],
        message: String? = nil
    ) -> FormResponse {
        return FormResponse(
            succeeded: succeeded, method: .post, url: usersURL, status: status, message: message,
            headers: headers, contentType: "application/json",
            body: .from(content: Data(json.utf8), contentType: "application/json"))
    }

    /// A state with a POST form open whose request has finished with `response`.
    func finishedForm(_ response: FormResponse, width: Int = 150, height: Int = 45) -> BrowserState {
        var state = Fixtures.state(width: width, height: height, showing: Fixtures.jsonSnapshot(usersURL, "[]"))
        _ = Fixtures.keys(&state, [.character("p")])
        Fixtures.type(&state, "{}")
        _ = Fixtures.keys(&state, [.control("s")])
        let outcome: RequestForm.Outcome =
            response.succeeded
            ? .succeeded(status: response.status, body: "{}")
            : .failed(status: response.status, message: response.message ?? "", body: nil)
        _ = state.update(.formFinished(outcome, response: response))
        return state
    }

    @Test("Ctrl-R shows status, masked and sanitised headers and the pretty-printed body; Esc returns")
    func showsEverything() throws {
        let headers = [
            "content-type": "application/json", "set-cookie": "session=abc123; Path=/",
            "x-evil": "a\u{1B}[2Jb", "authorization": "Bearer sekrit",
        ]
        var state = finishedForm(response(#"{"id": 11, "name": "Zed\u001b]0;x\u0007"}"#, headers: headers))
        #expect(BrowserView.render(state).text.contains("Ctrl-R response"))
        _ = Fixtures.keys(&state, [.control("r")])
        guard state.topLayer is ResponseViewer else {
            Issue.record("expected the response viewer, got \(String(describing: state.layers))")
            return
        }
        let screen = BrowserView.render(state)
        let text = screen.text
        #expect(text.contains("onSuccess 201  POST http://127.0.0.1:9/users"))
        #expect(text.contains("content-type: application/json"))
        #expect(text.contains("set-cookie: session=••••••; Path=/"))
        #expect(text.contains("authorization: Bearer ••••••"))
        #expect(!text.contains("sekrit") && !text.contains("abc123"))
        #expect(text.contains("x-evil: a␛[2Jb"))
        #expect(text.contains(#""id": 11,"#))
        #expect(text.contains(#""name": "Zed\u001B]0;x\u0007""#))
        for cell in screen.cells {
            #expect(cell.character.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F })
        }
        _ = Fixtures.keys(&state, [.escape])
        guard let form = state.topLayer as? RequestForm, case .succeeded(let status, _) = form.outcome else {
            Issue.record("Esc should return to the finished form")
            return
        }
        #expect(status == 201)
        #expect(form.response != nil)
    }

    @Test("before a response Ctrl-R only says there is none")
    func noResponseYet() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(usersURL, "[]"))
        _ = Fixtures.keys(&state, [.character("p"), .control("r")])
        guard state.topLayer is RequestForm else {
            Issue.record("the form should stay open")
            return
        }
        #expect(BrowserView.render(state).text.contains("no response yet"))
        #expect(!BrowserView.render(state).text.contains("Ctrl-R response"))
    }

    @Test("a long body scrolls with j/k, PgDn/PgUp, End/Home and shows what lies beyond")
    func scrolls() throws {
        let items = (0..<200).map { "\($0)" }.joined(separator: ", ")
        var state = finishedForm(response("[\(items)]"), width: 80, height: 24)
        _ = Fixtures.keys(&state, [.control("r")])
        var text = BrowserView.render(state).text
        #expect(text.contains("more ↓"))
        #expect(!text.contains("more ↑"))
        #expect(text.contains("  0,"))
        _ = Fixtures.keys(&state, [.character("j"), .character("j"), .character("j")])
        guard let viewer = state.topLayer as? ResponseViewer else {
            Issue.record("viewer closed")
            return
        }
        #expect(viewer.viewport.top == 3)
        text = BrowserView.render(state).text
        #expect(text.contains("more ↑↓"))
        _ = Fixtures.keys(&state, [.end])
        text = BrowserView.render(state).text
        #expect(text.contains("  199"))
        #expect(text.contains("more ↑"))
        #expect(!text.contains("↓"))
        _ = Fixtures.keys(&state, [.pageDown, .down])
        #expect(BrowserView.render(state).text == text, "scrolling stops at the last page")
        _ = Fixtures.keys(&state, [.pageUp, .home, .up])
        guard let back = state.topLayer as? ResponseViewer else {
            Issue.record("viewer closed")
            return
        }
        #expect(back.viewport.top == 0)
    }

    @Test("onFailure shows the status, userMessage and the error body")
    func failure() {
        let failed = response(
            #"{"error": "username taken"}"#, succeeded: false, status: 409, message: "Conflict: username taken")
        var state = finishedForm(failed)
        _ = Fixtures.keys(&state, [.control("r")])
        let text = BrowserView.render(state).text
        #expect(text.contains("onFailure 409  POST"))
        #expect(text.contains("Conflict: username taken"))
        #expect(text.contains(#""error": "username taken""#))
    }

    @Test("a real POST's response opens in the viewer")
    func realResponse() async throws {
        let server = try await DemoServer.start()
        let browser = Fixtures.resourceBrowser(on: server)
        browser.start(path: "/users")
        await waitUntil("the users list") { browser.state.current?.latestData != nil }
        browser.dispatch(.key(.character("p")))
        browser.dispatch(.paste(#"{"username": "zed", "name": "Zed", "email": "zed@example.com"}"#))
        browser.dispatch(.key(.control("s")))
        await waitUntil("the form's response") {
            if let form = browser.state.topLayer as? RequestForm { return form.response != nil }
            return false
        }
        browser.dispatch(.key(.control("r")))
        let text = BrowserView.render(browser.state).text
        #expect(text.contains("onSuccess 201  POST"))
        #expect(text.contains("content-type: application/json"))
        #expect(text.contains(#""username": "zed""#))
        await server.shutdown()
    }
}
