import Foundation
import TUICore
import Testing

@testable import Browser

/// Ctrl-C: cancel what is in flight, else quit; over a prompt, form or list, cancel that and
/// never quit.
@Suite("Ctrl-C")
struct InterruptTests {
    @Test("with a load in flight Ctrl-C cancels it; a second press within two seconds quits")
    func cancelsThenQuits() {
        var snapshot = Fixtures.jsonSnapshot(Fixtures.base + "slow", "{}")
        snapshot.isLoading = true
        var state = Fixtures.state(showing: snapshot)
        let first = Fixtures.keys(&state, [.control("c")])
        guard case .cancelLoads(let url)? = first.first else {
            Issue.record("expected cancelLoads, got \(first)")
            return
        }
        #expect(url == Fixtures.base + "slow")
        #expect(!state.isQuitting)
        #expect(state.status?.text == "cancelled the load: Ctrl-C again quits")
        _ = state.update(.tick(now: state.now + 1))
        let second = Fixtures.keys(&state, [.control("c")])
        #expect(state.isQuitting)
        guard case .quit? = second.first else {
            Issue.record("expected quit, got \(second)")
            return
        }
    }

    @Test("a press long after the first cancels again rather than quitting")
    func slowSecondPress() {
        var snapshot = Fixtures.jsonSnapshot(Fixtures.base + "slow", "{}")
        snapshot.isLoading = true
        var state = Fixtures.state(showing: snapshot)
        _ = Fixtures.keys(&state, [.control("c")])
        _ = state.update(.tick(now: state.now + 5))
        let again = Fixtures.keys(&state, [.control("c")])
        #expect(!state.isQuitting)
        guard case .cancelLoads? = again.first else {
            Issue.record("expected cancelLoads, got \(again)")
            return
        }
    }

    @Test("with nothing loading Ctrl-C quits at once")
    func quitsWhenIdle() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Fixtures.base + "a", "{}"))
        let commands = Fixtures.keys(&state, [.control("c")])
        #expect(state.isQuitting)
        guard case .quit? = commands.first else {
            Issue.record("expected quit, got \(commands)")
            return
        }
    }

    @Test("in a form whose request is in flight Ctrl-C cancels that request")
    func cancelsFormRequest() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Fixtures.base + "a", "{}"))
        _ = Fixtures.keys(&state, [.character("p")])
        Fixtures.type(&state, "{}")
        let sent = Fixtures.keys(&state, [.control("s")])
        guard case .send? = sent.first else {
            Issue.record("expected send, got \(sent)")
            return
        }
        let commands = Fixtures.keys(&state, [.control("c")])
        guard case .cancelFormRequest? = commands.first else {
            Issue.record("expected cancelFormRequest, got \(commands)")
            return
        }
        #expect(!state.isQuitting)
    }

    @Test("y on the DELETE question opens a DELETE form that shows the outcome")
    func deleteShowsOutcome() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Fixtures.base + "posts/1", "{}"))
        _ = Fixtures.keys(&state, [.character("d")])
        let commands = Fixtures.keys(&state, [.character("y")])
        guard case .send(let draft, _)? = commands.first else {
            Issue.record("expected send, got \(commands)")
            return
        }
        #expect(draft.method == .delete)
        _ = state.update(.formFinished(.succeeded(status: 204, body: ""), response: nil))
        guard let form = state.topLayer as? RequestForm, case .succeeded(let status, _) = form.outcome else {
            Issue.record("expected the DELETE form with its outcome")
            return
        }
        #expect(status == 204)
        #expect(BrowserView.render(state).text.contains("DELETE"))
    }

    func promptText(_ state: BrowserState) -> String? {
        if let prompt = state.topLayer as? Prompt { return prompt.editor.text }
        return nil
    }

    @Test("in the go prompt Ctrl-C cancels the line without quitting, and Up brings the text back")
    func goPrompt() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Fixtures.base + "a", "{}"))
        _ = Fixtures.keys(&state, [.character("g")])
        Fixtures.type(&state, "/users/7?expand=posts")
        let commands = Fixtures.keys(&state, [.control("c")])
        #expect(commands.isEmpty)
        #expect(!state.isQuitting)
        #expect(state.layers.isEmpty)
        #expect(state.status?.text == "cancelled: ↑ in the same prompt brings the text back")
        _ = Fixtures.keys(&state, [.character("g"), .up])
        #expect(promptText(state) == "/users/7?expand=posts")
    }

    @Test("every prompt keeps its own lines: search recalls searches, never go answers")
    func recallPerPrompt() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Fixtures.base + "a", "{}"))
        _ = Fixtures.keys(&state, [.character("/")])
        Fixtures.type(&state, "alovelace")
        _ = Fixtures.keys(&state, [.control("c"), .character("g"), .backspace])
        Fixtures.type(&state, "/x")
        _ = Fixtures.keys(&state, [.escape, .character("/"), .up])
        #expect(promptText(state) == "alovelace")
        _ = Fixtures.keys(&state, [.up])
        #expect(promptText(state) == "alovelace")
        _ = Fixtures.keys(&state, [.down])
        #expect(promptText(state) == "")
    }

    @Test("the password prompt keeps nothing for recall")
    func passwordNotKept() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Fixtures.base + "a", "{}"))
        _ = state.update(.askPassword(username: "ada"))
        Fixtures.type(&state, "s3cret")
        _ = Fixtures.keys(&state, [.control("c")])
        #expect(!state.isQuitting)
        #expect(state.promptRecall.values.allSatisfy { !$0.lines.contains("s3cret") })
    }

    @Test("in an edited form Ctrl-C closes it like Esc, keeps the draft and never quits")
    func editedForm() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Fixtures.base + "a", "{}"))
        _ = Fixtures.keys(&state, [.character("p")])
        Fixtures.type(&state, "{\"name\": 1}")
        _ = Fixtures.keys(&state, [.control("c")])
        #expect(!state.isQuitting)
        #expect(state.layers.isEmpty)
        _ = Fixtures.keys(&state, [.character("p")])
        guard let form = state.topLayer as? RequestForm else {
            Issue.record("expected the kept form, got \(String(describing: state.layers))")
            return
        }
        #expect(form.body.text == "{\"name\": 1}")
    }

    @Test("in a list Ctrl-C clears the filter first, then closes the list; never quits")
    func pickerFilter() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Fixtures.base + "a", "{}"))
        state.layers = [Picker(purpose: .history)]
        Fixtures.type(&state, "users")
        _ = Fixtures.keys(&state, [.control("c")])
        guard let picker = state.topLayer as? Picker else {
            Issue.record("expected the list to stay open")
            return
        }
        #expect(picker.filter.text.isEmpty)
        _ = Fixtures.keys(&state, [.control("c")])
        #expect(state.layers.isEmpty)
        #expect(!state.isQuitting)
    }

    @Test("in the WebSocket message line Ctrl-C cancels the line; i then Up brings it back")
    func webSocketLine() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Fixtures.base + "a", "{}"))
        _ = state.update(.openWebSocket(url: "ws://127.0.0.1:9/echo"))
        _ = Fixtures.keys(&state, [.character("i")])
        Fixtures.type(&state, "{\"op\": \"ping\"}")
        _ = Fixtures.keys(&state, [.control("c")])
        guard let console = state.topLayer as? WebSocketConsole else {
            Issue.record("expected the console to stay open")
            return
        }
        #expect(console.input == nil)
        #expect(!state.isQuitting)
        _ = Fixtures.keys(&state, [.character("i"), .up])
        guard let reopened = state.topLayer as? WebSocketConsole else {
            Issue.record("expected the console to stay open")
            return
        }
        #expect(reopened.input?.text == "{\"op\": \"ping\"}")
    }
}
