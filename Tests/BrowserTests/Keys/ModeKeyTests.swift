import Siesta
import TUICore
import Testing

@testable import Browser

@Suite("Keys by mode: Alt keys, drafts, per-mode help, redraw")
struct ModeKeyTests {
    static let usersURL = Fixtures.base + "users"

    static func openForm(_ key: Character, in state: inout BrowserState) -> RequestForm? {
        _ = Fixtures.keys(&state, [.character(key)])
        guard let form = state.topLayer as? RequestForm else { return nil }
        return form
    }

    @Test("Alt keys in a form neither close it nor run main-view commands")
    func altKeysInForm() throws {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Self.usersURL, "[]"))
        _ = try #require(Self.openForm("p", in: &state))
        Fixtures.type(&state, "{}")
        let commands = Fixtures.keys(&state, [.alt("b"), .alt("d"), .alt("q")])
        #expect(commands.isEmpty)
        let form = try #require({ if let form = state.topLayer as? RequestForm { return form } else { return nil } }())
        #expect(form.body.text == "{}")
        #expect(state.history.count == 1, "Alt-b did not go back")
    }

    @Test("Alt keys in the main view run only what they are bound to")
    func altKeysInMainView() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Self.usersURL, "[]"))
        #expect(Fixtures.keys(&state, [.alt("d")]).isEmpty)
        #expect(state.layers.isEmpty, "Alt-d does not open the DELETE prompt")
    }

    @Test("Esc on an edited form keeps the draft; the same form key brings it back")
    func escapeKeepsDraft() throws {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Self.usersURL, "[]"))
        _ = try #require(Self.openForm("p", in: &state))
        Fixtures.type(&state, #"{"name": "draft"}"#)
        _ = Fixtures.keys(&state, [.escape])
        #expect(state.layers.isEmpty)
        #expect(state.status?.text.contains("draft kept") == true)
        #expect(BrowserView.render(state).text.contains("draft kept: p on this resource opens it again"))
        // Another kind of form starts fresh and leaves the draft alone.
        let patch = try #require(Self.openForm("a", in: &state))
        #expect(patch.body.text.isEmpty)
        _ = Fixtures.keys(&state, [.escape])
        let restored = try #require(Self.openForm("p", in: &state))
        #expect(restored.body.text == #"{"name": "draft"}"#)
        _ = Fixtures.keys(&state, [.escape])
        _ = Fixtures.keys(&state, [.escape])
    }

    @Test("drafts are kept per kind of form and per resource")
    func severalDrafts() throws {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Self.usersURL, "[]"))
        _ = try #require(Self.openForm("p", in: &state))
        Fixtures.type(&state, #"{"post": 1}"#)
        _ = Fixtures.keys(&state, [.escape])
        _ = try #require(Self.openForm("a", in: &state))
        Fixtures.type(&state, #"{"patch": 1}"#)
        _ = Fixtures.keys(&state, [.escape])
        #expect(state.keptForms.count == 2)
        #expect(try #require(Self.openForm("p", in: &state)).body.text == #"{"post": 1}"#)
        // Sent, then closed: nothing left to keep for POST.
        #expect(Fixtures.keys(&state, [.control("s")]).isEmpty == false)
        _ = Fixtures.keys(&state, [.escape])
        #expect(state.keptForms.count == 1)
        #expect(try #require(Self.openForm("p", in: &state)).body.text.isEmpty)
        _ = Fixtures.keys(&state, [.escape])
        #expect(try #require(Self.openForm("a", in: &state)).body.text == #"{"patch": 1}"#)
    }

    @Test("Esc on an untouched form keeps nothing")
    func escapeUntouched() throws {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Self.usersURL, "[]"))
        _ = try #require(Self.openForm("p", in: &state))
        _ = Fixtures.keys(&state, [.escape])
        #expect(state.keptForms.isEmpty)
        #expect(state.status == nil)
    }

    @Test("F1 in a form lists the form's keys and Esc returns to the form")
    func formHelp() throws {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Self.usersURL, "[]"))
        _ = try #require(Self.openForm("p", in: &state))
        Fixtures.type(&state, "x?")
        _ = Fixtures.keys(&state, [.function(1)])
        let text = BrowserView.render(state).text
        #expect(text.contains("help: form keys"))
        #expect(text.contains("Ctrl-S"))
        #expect(!text.contains("service.cachedResources list"), "the main view's commands are not listed")
        _ = Fixtures.keys(&state, [.escape])
        let form = try #require({ if let form = state.topLayer as? RequestForm { return form } else { return nil } }())
        #expect(form.body.text == "x?", "? typed into the body")
    }

    @Test("a response that arrives while the form's help is open reaches the form")
    func responseUnderHelp() throws {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Self.usersURL, "[]"))
        _ = try #require(Self.openForm("p", in: &state))
        Fixtures.type(&state, "{}")
        _ = Fixtures.keys(&state, [.control("s"), .function(1)])
        _ = state.update(.formFinished(.succeeded(status: 201, body: "{}")))
        _ = Fixtures.keys(&state, [.escape])
        let form = try #require({ if let form = state.topLayer as? RequestForm { return form } else { return nil } }())
        guard case .succeeded(let status, _) = form.outcome else {
            Issue.record("the outcome was lost: \(form.outcome)")
            return
        }
        #expect(status == 201)
    }

    @Test("F1 in the g prompt lists the prompt's keys and Esc returns to the prompt")
    func promptHelp() throws {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Self.usersURL, "[]"))
        _ = Fixtures.keys(&state, [.character("g")])
        Fixtures.type(&state, "localhost:8")
        _ = Fixtures.keys(&state, [.function(1)])
        #expect(BrowserView.render(state).text.contains("help: prompt keys"))
        _ = Fixtures.keys(&state, [.escape])
        guard let prompt = state.topLayer as? Prompt else {
            Issue.record("the prompt comes back")
            return
        }
        #expect(prompt.editor.text == "localhost:8")
    }

    @Test("? in the main view lists the key map with the Siesta calls")
    func mainHelp() {
        var state = Fixtures.state(height: 72, showing: Fixtures.jsonSnapshot(Self.usersURL, "[]"))
        _ = Fixtures.keys(&state, [.character("?")])
        let text = BrowserView.render(state).text
        #expect(text.contains("help: keys and the Siesta calls they make"))
        #expect(text.contains("loadIfNeeded()"))
        #expect(text.contains("Ctrl-L"))
    }

    @Test("? lists every command of the key map once, under its group's heading, groups in order")
    func helpGroups() {
        let rows = KeyMap.standard.mainHelpRows
        #expect(rows.filter { $0.keys.isEmpty }.map(\.summary) == KeyGroup.allCases.map(\.title))
        var group: String?
        for command in KeyCommand.allCases {
            let keys = KeyMap.standard.keys(for: command).map(\.name).joined(separator: " ")
            let matching = rows.enumerated().filter { $0.element.keys == keys && $0.element.summary == command.summary }
            #expect(matching.count == 1, "\(command)")
            guard let index = matching.first?.offset else { continue }
            group = rows[..<index].last { $0.keys.isEmpty }?.summary
            #expect(group == command.group.title, "\(command) is listed under \(group ?? "nothing")")
        }
    }

    @Test("Ctrl-L asks for a redraw in the main view and over a form")
    func redraw() throws {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Self.usersURL, "[]"))
        guard case .redraw? = Fixtures.keys(&state, [.control("l")]).first else {
            Issue.record("expected redraw")
            return
        }
        _ = try #require(Self.openForm("p", in: &state))
        guard case .redraw? = Fixtures.keys(&state, [.control("l")]).first else {
            Issue.record("expected redraw in a form")
            return
        }
        guard state.topLayer is RequestForm else {
            Issue.record("the form stays open")
            return
        }
    }

    @Test("Alt key names parse and print")
    func altNames() {
        #expect(Key(name: "Alt-x") == .alt("x"))
        #expect(Key(name: "M-B") == .alt("B"))
        #expect(Key(name: "meta-/") == .alt("/"))
        #expect(Key.alt("b").name == "Alt-b")
    }
}
