import Foundation
import TUICore
import Testing

@testable import Browser

/// Lists with folders: the filter keeps a folder only with a row under it, and the cursor never
/// rests on a folder heading that Enter cannot open.
@Suite("lists with folders")
struct PickerTests {
    /// A collection: a request at the top, a folder `users/` with two requests, a folder `posts/`
    /// with one.
    static let items = [
        PickerItem(id: "ping.yaml", label: "Ping", detail: "GET /ping"),
        PickerItem(id: "users", label: "users/", isGroup: true),
        PickerItem(id: "users/list.yaml", label: "List users", detail: "GET /users", depth: 1),
        PickerItem(id: "users/make.yaml", label: "Make a user", detail: "POST /users", depth: 1),
        PickerItem(id: "posts", label: "posts/", isGroup: true),
        PickerItem(id: "posts/one.yaml", label: "One post", detail: "GET /posts/1", depth: 1),
    ]

    func state(filter: String) -> BrowserState {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Fixtures.base + "a", "{}"))
        state.layers = [Picker(purpose: .collection, items: Self.items, isLoading: false)]
        Fixtures.type(&state, filter)
        return state
    }

    func shownPicker(_ state: BrowserState) -> Picker? {
        if let picker = state.topLayer as? Picker { return picker }
        return nil
    }

    @Test("a filter keeps the folders above a matching row and drops the others; the cursor is on the row")
    func filterKeepsParents() throws {
        let state = state(filter: "make")
        let picker = try #require(shownPicker(state))
        #expect(picker.visibleItems.map(\.id) == ["users", "users/make.yaml"])
        #expect(picker.selected?.id == "users/make.yaml")
    }

    @Test("Enter after filtering opens the request, not the folder above it")
    func enterOpensRequest() {
        var state = state(filter: "one post")
        let commands = Fixtures.keys(&state, [.enter])
        guard case .workspace(.openSavedRequest(let id))? = commands.first else {
            Issue.record("expected the saved request to open, got \(commands)")
            return
        }
        #expect(id == "posts/one.yaml")
    }

    @Test("a folder whose name matches keeps all its rows; ↑ ↓ pass over folder headings")
    func folderNameAndMoves() throws {
        var state = state(filter: "users/")
        var picker = try #require(shownPicker(state))
        #expect(picker.visibleItems.map(\.id) == ["users", "users/list.yaml", "users/make.yaml"])
        #expect(picker.selected?.id == "users/list.yaml")
        _ = Fixtures.keys(&state, [.escape])
        state.layers = [Picker(purpose: .collection, items: Self.items, isLoading: false)]
        _ = Fixtures.keys(&state, [.down])
        picker = try #require(shownPicker(state))
        #expect(picker.selected?.id == "users/list.yaml", "from Ping, ↓ skips the users/ heading")
        _ = Fixtures.keys(&state, [.down, .down])
        picker = try #require(shownPicker(state))
        #expect(picker.selected?.id == "posts/one.yaml", "and the posts/ heading")
        _ = Fixtures.keys(&state, [.up])
        picker = try #require(shownPicker(state))
        #expect(picker.selected?.id == "users/make.yaml")
    }
}
