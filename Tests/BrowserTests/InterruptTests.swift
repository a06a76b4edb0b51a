import Foundation
import TUICore
import Testing

@testable import Browser

/// Ctrl-C: cancel what is in flight, else quit.
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
        guard case .form(let form)? = state.overlay, case .succeeded(let status, _) = form.outcome else {
            Issue.record("expected the DELETE form with its outcome")
            return
        }
        #expect(status == 204)
        #expect(BrowserView.render(state).text.contains("DELETE"))
    }
}
