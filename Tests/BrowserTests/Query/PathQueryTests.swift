import Foundation
import OrderedJSON
import TUICore
import Testing

@testable import Browser
@testable import BrowserRuntime

/// The JSONPath query pane (`$`) as the pure browser runs it, with the runtime's evaluation.
@MainActor
@Suite("The JSONPath query pane")
struct PathQueryTests {
    static let usersURL = Fixtures.base + "users"
    static let json =
        #"[{"id": 1, "name": "Ada", "price": 9.50}, {"id": 2, "name": "Grace", "price": 12}, {"id": 3, "name": "Hedy", "price": 1.10}]"#

    static func state() -> BrowserState {
        Fixtures.state(showing: Fixtures.jsonSnapshot(usersURL, json))
    }

    /// Carries out the pane's runPathQuery commands as the runtime would, synchronously.
    static func run(_ commands: [Command], in state: inout BrowserState) {
        for command in commands {
            guard case .runPathQuery(let expression, let document, let generation) = command else { continue }
            if let update = PathQueryRunner.evaluate(expression, over: document, progress: { _ in }) {
                _ = state.update(.pathQuery(generation: generation, update))
            }
        }
    }

    /// Types `text` into the pane, running each query the keys ask for.
    static func type(_ text: String, in state: inout BrowserState) {
        for character in text {
            state.frame = BrowserView.frameContext(of: state)
            run(state.update(.key(.character(character))), in: &state)
        }
    }

    @Test("$ opens the pane with $, and the matches follow the expression as it is typed")
    func typing() throws {
        var state = Self.state()
        state.frame = BrowserView.frameContext(of: state)
        Self.run(state.update(.key(.character("$"))), in: &state)
        let pane = try #require(state.topLayer as? PathQuery)
        #expect(pane.expression == "$")
        #expect(pane.result?.count == 1)
        Self.type("[?@.price < 10].name", in: &state)
        let result = try #require((state.topLayer as? PathQuery)?.result)
        #expect(result.count == 2)
        let text = BrowserView.render(state).text
        #expect(text.contains(#""$[0]['name']": "Ada""#))
        #expect(text.contains(#""$[2]['name']": "Hedy""#))
        #expect(text.contains("2 matches"))
    }

    @Test("numbers compare by value and show as sent; ?, $ and @ type into the expression")
    func numbersAsSent() throws {
        var state = Self.state()
        state.frame = BrowserView.frameContext(of: state)
        _ = state.update(.key(.character("$")))
        Self.type("[?@.price == 1.1].price", in: &state)
        let text = BrowserView.render(state).text
        #expect(text.contains(#""$[2]['price']": 1.10"#), "1.10 as the server wrote it")
        #expect(text.contains("$[?@.price == 1.1].price"))
    }

    @Test("a syntax error points at its column in words, and nothing is listed")
    func syntaxError() throws {
        var state = Self.state()
        state.frame = BrowserView.frameContext(of: state)
        _ = state.update(.key(.character("$")))
        Self.type("[?@.id >", in: &state)
        let pane = try #require(state.topLayer as? PathQuery)
        let error = try #require(pane.error)
        #expect(error.column == 10, "just past the end")
        let screen = BrowserView.render(state)
        #expect(screen.text.contains("Invalid JSONPath at column 10"))
        let (x, y) = try #require(screen.find("query: $[?@.id >"))
        #expect(screen.line(y + 1).dropFirst(x + "query: ".count + 9).hasPrefix("^"), "the caret under column 10")
    }

    @Test("Tab moves to the matches; Enter opens the match in the full body; the expression stays with the resource")
    func openMatch() throws {
        var state = Self.state()
        state.frame = BrowserView.frameContext(of: state)
        _ = state.update(.key(.character("$")))
        Self.type("..name", in: &state)
        _ = Fixtures.keys(&state, [.tab, .down, .down, .down])
        _ = Fixtures.keys(&state, [.enter])
        #expect(state.topLayer == nil)
        let body = try #require(state.shownBody)
        guard case .json(let outline) = body, let entry = outline.entry(atLine: state.position.cursor) else {
            Issue.record("expected the cursor on a JSON line")
            return
        }
        #expect(outline.document.normalizedPath(of: entry) == "$[2]['name']")
        #expect(BrowserView.render(state).text.contains("$[2]['name']"), "the border names the path")
        _ = state.update(.key(.character("$")))
        #expect((state.topLayer as? PathQuery)?.expression == "$..name")
    }

    @Test("new data runs the open pane's query again; a result of an older run is ignored")
    func followsNewData() throws {
        var state = Self.state()
        state.frame = BrowserView.frameContext(of: state)
        _ = state.update(.key(.character("$")))
        Self.type("[*].id", in: &state)
        let old = try #require(state.topLayer as? PathQuery)
        let commands = state.update(
            .resourceChanged(
                Fixtures.jsonSnapshot(Self.usersURL, #"[{"id": 7}, {"id": 8}, {"id": 9}, {"id": 10}]"#),
                event: .newData(.network)))
        guard
            case .runPathQuery(_, _, let generation)? = commands.first(where: {
                if case .runPathQuery = $0 { return true }
                return false
            })
        else {
            Issue.record("expected the query to run again, got \(commands)")
            return
        }
        #expect(generation > old.generation)
        _ = state.update(
            .pathQuery(
                generation: old.generation,
                .failed(JSONPathSyntaxError(offset: 0, column: 1, reason: "stale"))))
        #expect((state.topLayer as? PathQuery)?.error == nil, "an older run's news is dropped")
        Self.run(commands, in: &state)
        #expect((state.topLayer as? PathQuery)?.result?.count == 4)
    }

    @Test("# copies the path of the value under the cursor")
    func copyPath() throws {
        var state = Self.state()
        let commands = Fixtures.keys(&state, [.down, .down, .character("#")])
        guard case .copyToClipboard(let path)? = commands.first else {
            Issue.record("expected a copy, got \(commands)")
            return
        }
        #expect(path == "$[0]['id']")
    }

    @Test("the runner's evaluation keeps at most what the pane shows and still counts every match")
    func limits() throws {
        let items = (0..<(PathQueryResult.maximumShown + 5)).map { "{\"id\": \($0)}" }
        let document = try JSONDocument("[" + items.joined(separator: ",") + "]")
        guard case .finished(let result)? = PathQueryRunner.evaluate("$[*].id", over: document, progress: { _ in })
        else {
            Issue.record("expected a result")
            return
        }
        #expect(result.count == PathQueryResult.maximumShown + 5)
        #expect(result.sources.count == PathQueryResult.maximumShown)
        #expect(
            result.summary.hasPrefix(
                "\(PathQueryResult.maximumShown) of \(PathQueryResult.maximumShown + 5) matches shown"))
    }
}
