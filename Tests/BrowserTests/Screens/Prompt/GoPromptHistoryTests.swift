import Foundation
import TUICore
import Testing

@testable import Browser

/// The go prompt starts from the current URL, walks its earlier answers and completes visited
/// URLs.
@Suite("The go prompt's history and completion")
struct GoPromptHistoryTests {
    func promptText(_ state: BrowserState) -> String? {
        if let prompt = state.topLayer as? Prompt { return prompt.editor.text }
        return nil
    }

    @Test("g opens with the current URL selected: typing replaces it, an arrow key keeps it for editing")
    func startsWithCurrentURL() {
        let url = Fixtures.base + "users/1"
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(url, "{}"))
        _ = Fixtures.keys(&state, [.character("g")])
        #expect(promptText(state) == url)
        Fixtures.type(&state, "/posts")
        #expect(promptText(state) == "/posts")
        _ = Fixtures.keys(&state, [.escape, .character("g"), .end])
        Fixtures.type(&state, "/albums")
        #expect(promptText(state) == url + "/albums")
        _ = Fixtures.keys(&state, [.escape, .character("g"), .backspace])
        #expect(promptText(state) == "")
    }

    @Test("Up and Down walk the answers given before, then come back to the typed text")
    func history() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Fixtures.base + "a", "{}"))
        for answer in ["/one", "/two"] {
            _ = Fixtures.keys(&state, [.character("g")])
            Fixtures.type(&state, answer)
            _ = Fixtures.keys(&state, [.enter])
        }
        #expect(state.goHistory == ["/one", "/two"])
        _ = Fixtures.keys(&state, [.character("g"), .backspace])
        Fixtures.type(&state, "/th")
        _ = Fixtures.keys(&state, [.up])
        #expect(promptText(state) == "/two")
        _ = Fixtures.keys(&state, [.up])
        #expect(promptText(state) == "/one")
        _ = Fixtures.keys(&state, [.up])
        #expect(promptText(state) == "/one")
        _ = Fixtures.keys(&state, [.down, .down])
        #expect(promptText(state) == "/th")
    }

    @Test("Tab completes a visited URL as a path under the service, and the next Tab shows the next")
    func completion() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Fixtures.base + "users/1", "{}"))
        _ = state.update(.navigated(url: Fixtures.base + "users/2"))
        _ = state.update(.navigated(url: Fixtures.base + "posts/9"))
        _ = Fixtures.keys(&state, [.character("g"), .backspace])
        Fixtures.type(&state, "/us")
        _ = Fixtures.keys(&state, [.tab])
        #expect(promptText(state) == "/users/1")
        _ = Fixtures.keys(&state, [.tab])
        #expect(promptText(state) == "/users/2")
        #expect(state.status?.text == "2 of 2 visited URLs: Tab for the next")
        _ = Fixtures.keys(&state, [.tab])
        #expect(promptText(state) == "/users/1")
        _ = Fixtures.keys(&state, [.backspace, .backspace])
        Fixtures.type(&state, "zz")
        _ = Fixtures.keys(&state, [.tab])
        #expect(state.status?.text == "no visited URL starts with that")
    }
}
