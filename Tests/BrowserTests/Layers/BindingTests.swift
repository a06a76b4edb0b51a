import Foundation
import TUICore
import Testing

@testable import Browser

@Suite("Bindings carry their help: remapped keys work and show remapped")
struct BindingTests {
    static let usersURL = Fixtures.base + "users"

    func state(keys yaml: String) throws -> BrowserState {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Self.usersURL, #"{"id": 1}"#))
        state.keyMap = try KeyMap.standard.applying(yaml: yaml, file: "keys.yaml")
        return state
    }

    @Test("form.send remapped: the new key sends, the old one types nothing, the form and its help show it")
    func remappedFormKey() throws {
        var state = try state(keys: "form.send: F10\n")
        _ = Fixtures.keys(&state, [.character("p")])
        _ = state.update(.paste(#"{"a": 1}"#))
        #expect(Fixtures.keys(&state, [.control("s")]).isEmpty, "Ctrl-S is no longer bound in the form")
        var screen = BrowserView.render(state)
        #expect(screen.find("F10 send") != nil)
        #expect(screen.find("Ctrl-S send") == nil)
        _ = Fixtures.keys(&state, [.function(1)])
        screen = BrowserView.render(state)
        let row = try #require(screen.find("send the form: resource.request(…)"))
        #expect(screen.line(row.y).contains("F10"))
        #expect(!screen.line(row.y).contains("Ctrl-S"))
        _ = Fixtures.keys(&state, [.escape])
        let commands = Fixtures.keys(&state, [.function(10)])
        guard case .send(let draft, _)? = commands.first else {
            Issue.record("F10 did not send: \(commands)")
            return
        }
        #expect(draft.method == .post)
    }

    @Test("a key given to one binding leaves the others of that layer")
    func keyTakenFromOthers() throws {
        let state = try state(keys: "viewer.fold: q\n")
        let bindings = state.keyMap.bindings(of: TextViewer.self)
        #expect(bindings.binding("fold")?.keys == [.character("q")])
        #expect(bindings.binding("close")?.keys == [.escape], "q left close")
        #expect(
            HelpLayer(for: TextViewer(title: "t", text: "x"), keyMap: state.keyMap).rows.contains {
                $0.keys == "q" && $0.summary == "fold / unfold JSON"
            })
    }

    @Test("the footer over a layer shows that layer's keys as the key map binds them")
    func footerFollowsKeyMap() throws {
        var state = try state(keys: "viewer.close: x\n")
        _ = state.update(.showViewer(TextViewer(title: "a diff", text: "+ one")))
        let footer = BrowserView.render(state).line(state.height - 1)
        #expect(footer.hasPrefix("x close"))
        _ = Fixtures.keys(&state, [.escape])
        #expect(state.topLayer is TextViewer, "Esc no longer closes the viewer")
        _ = Fixtures.keys(&state, [.character("x")])
        #expect(state.layers.isEmpty)
    }

    @Test("an unknown binding in keys.yaml names the line")
    func unknownBinding() {
        #expect(throws: KeyMapError.self) {
            try KeyMap.standard.applying(yaml: "form.nothing: F2\n", file: "keys.yaml")
        }
        #expect(throws: KeyMapError.self) {
            try KeyMap.standard.applying(yaml: "nolayer.send: F2\n", file: "keys.yaml")
        }
    }

    @Test("every layer has a close binding, and Esc closes each by default")
    func escClosesEverywhere() {
        for layer in LayerRegistry.all {
            let close = layer.defaultBindings.binding("close") ?? layer.defaultBindings.binding("no")
            #expect(close?.keys.contains(.escape) == true, "\(layer.name)")
        }
    }
}
