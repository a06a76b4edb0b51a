import Foundation
import TUICore
import Testing

@testable import Browser

/// `Q`: the query parameters one a line, sent back exactly unless edited.
@Suite("The query-parameter editor")
struct QueryEditorTests {
    @Test("pairs show decoded; untouched ones keep their bytes, edited and new ones are encoded, removed ones go")
    func roundTrip() {
        var editor = QueryEditor(url: "http://h/p?q=rock%26roll&x=a+b&gone=1")
        #expect(editor.editor.text == "q=rock&roll\nx=a b\ngone=1")
        #expect(editor.url() == "http://h/p?q=rock%26roll&x=a+b&gone=1")
        editor.editor.setText("q=rock&roll\nx=a b c\nnew=ü & =")
        #expect(editor.url() == "http://h/p?q=rock%26roll&x=a%20b%20c&new=%C3%BC%20%26%20%3D")
        editor.editor.setText("")
        #expect(editor.url() == "http://h/p")
        editor.editor.setText("=nameless")
        #expect(editor.url() == nil)
        #expect(editor.message == "line 1 has no name before =")
    }

    @Test("Q opens on the current URL and Ctrl-S goes to the edited one")
    func keys() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Fixtures.base + "users?page=2", "[]"))
        _ = Fixtures.keys(&state, [.character("Q")])
        guard let editor = state.topLayer as? QueryEditor else {
            Issue.record("expected the editor")
            return
        }
        #expect(editor.editor.text == "page=2")
        _ = Fixtures.keys(&state, [.backspace])
        Fixtures.type(&state, "3")
        let commands = Fixtures.keys(&state, [.control("s")])
        guard case .navigate(let path, _)? = commands.first else {
            Issue.record("expected navigate, got \(commands)")
            return
        }
        #expect(path == Fixtures.base + "users?page=3")
        #expect(state.layers.isEmpty)
    }
}
