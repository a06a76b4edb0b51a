import Foundation
import Siesta
import TUICore
import Testing

@testable import Browser

@Suite("Overlays on short and tiny terminals")
struct OverlaySizeTests {
    let usersURL = Fixtures.base + "users"

    @Test("the help scrolls on a short terminal and says where there is more")
    func helpScrolls() throws {
        var state = Fixtures.state(width: 80, height: 20, showing: Fixtures.jsonSnapshot(usersURL, "[]"))
        _ = Fixtures.keys(&state, [.character("?")])
        var text = BrowserView.render(state).text
        #expect(text.contains("loadIfNeeded()"))
        #expect(text.contains("more ↓ "))
        #expect(text.contains("j/Down scroll"), "the footer says how to scroll")
        #expect(!text.contains("the form's own keys"))
        _ = Fixtures.keys(&state, [.character("j")])
        #expect(helpTop(state) == 1)
        text = BrowserView.render(state).text
        #expect(text.contains("more ↑↓"))
        _ = Fixtures.keys(&state, [.end])
        text = BrowserView.render(state).text
        #expect(text.contains("the form's own keys"))
        #expect(text.contains("more ↑ "))
        let maximum = helpTop(state)
        #expect(
            maximum == HelpView.geometry(rows: state.keyMap.mainHelpRows, width: 80, height: 20).maximumScroll)
        _ = Fixtures.keys(&state, [.down, .pageDown, .wheelDown])
        #expect(helpTop(state) == maximum)
        _ = Fixtures.keys(&state, [.pageUp])
        #expect((helpTop(state) ?? .max) < (maximum ?? 0))
        _ = Fixtures.keys(&state, [.home, .up, .character("k")])
        #expect(helpTop(state) == 0)
        #expect(!state.layers.isEmpty)
        _ = Fixtures.keys(&state, [.escape])
        #expect(state.layers.isEmpty)
        _ = Fixtures.keys(&state, [.character("?")])
        #expect(helpTop(state) == 0, "help opens at the top again")
    }

    /// The first row the open help shows (nil when no help is open).
    func helpTop(_ state: BrowserState) -> Int? { state.layer(HelpLayer.self)?.viewport.top }

    @Test("the help shows no indicator when every row fits")
    func helpFits() {
        var state = Fixtures.state(height: 90, showing: Fixtures.jsonSnapshot(usersURL, "[]"))
        _ = Fixtures.keys(&state, [.character("?")])
        let text = BrowserView.render(state).text
        #expect(text.contains("the form's own keys"))
        #expect(!text.contains("more ↓"))
        _ = Fixtures.keys(&state, [.character("j")])
        #expect(helpTop(state) == 0)
    }

    /// A state with each kind of overlay open, with the text that identifies it at 40×12.
    func overlays() -> [(name: String, state: BrowserState, marker: String)] {
        let base = Fixtures.state(showing: Fixtures.jsonSnapshot(usersURL, #"{"id": 1, "name": "漢字🙂"}"#))
        var result: [(String, BrowserState, String)] = []
        var help = base
        _ = Fixtures.keys(&help, [.character("?")])
        result.append(("help", help, "help: keys"))
        var form = base
        _ = Fixtures.keys(&form, [.character("p")])
        Fixtures.type(&form, "{\"a\": 1}")
        result.append(("form", form, "request(.post"))
        var viewer = form
        _ = Fixtures.keys(&viewer, [.control("s")])
        let value: [String: Any] = ["id": 11, "note": String(repeating: "long ", count: 40)]
        let response = FormResponse(
            succeeded: true, method: .post, url: usersURL, status: 201, headers: ["content-type": "application/json"],
            contentType: "application/json", body: .from(content: value, contentType: "application/json"))
        _ = viewer.update(.formFinished(.succeeded(status: 201, body: "{}"), response: response))
        var finished = viewer
        finished.status = nil
        result.append(("finished form", finished, "Ctrl-R"))
        _ = Fixtures.keys(&viewer, [.control("r")])
        result.append(("response viewer", viewer, "onSuccess 201"))
        var goTo = base
        _ = Fixtures.keys(&goTo, [.character("g")])
        result.append(("go-to prompt", goTo, "go to"))
        var search = base
        _ = Fixtures.keys(&search, [.character("/")])
        result.append(("search prompt", search, "search:"))
        var delete = base
        _ = Fixtures.keys(&delete, [.character("d")])
        result.append(("delete confirmation", delete, "DELETE"))
        return result
    }

    @Test("every overlay draws at 40×12 and survives tiny terminals and keys")
    func everyOverlayEverySize() throws {
        for (name, original, marker) in overlays() {
            var state = original
            _ = state.update(.resize(width: 40, height: 12))
            let screen = BrowserView.render(state)
            #expect(screen.text.contains(marker), "\(name) at 40×12:\n\(screen.text)")
            for (width, height) in [(1, 1), (1, 40), (40, 1), (0, 0), (2, 2), (39, 12), (40, 12), (41, 13), (200, 12)] {
                var small = original
                // Any key answers the delete question; its drawing is checked above.
                if small.topLayer is ConfirmLayer { continue }
                _ = small.update(.resize(width: width, height: height))
                let drawn = BrowserView.render(small)
                #expect(drawn.width == width && drawn.height == height)
                for key: Key in [.down, .pageDown, .end, .right, .right, .left, .up, .pageUp, .home] {
                    _ = Fixtures.keys(&small, [key])
                    _ = BrowserView.render(small)
                }
                #expect(!small.layers.isEmpty, "\(name) closed by a movement key at \(width)×\(height)")
            }
        }
    }

    @Test("the form at 40×12 keeps its body, outcome and hints inside the box")
    func compactForm() throws {
        let (_, original, _) = try #require(overlays().first { $0.name == "finished form" })
        var state = original
        _ = state.update(.resize(width: 40, height: 12))
        let screen = BrowserView.render(state)
        let text = screen.lines
        let body = try #require(screen.find(#"{"a": 1}"#))
        let outcome = try #require(screen.find("onSuccess 201"))
        let hints = try #require(screen.find("Ctrl-R response"))
        #expect(body.y < outcome.y && outcome.y < hints.y)
        let bottom = try #require(text.lastIndex { $0.contains("└") && $0.contains("┘") })
        #expect(hints.y < bottom)
        #expect(screen.find("Body") != nil)
    }
}
