import Foundation
import Siesta
import TUICore
import Testing
import Workspace

@testable import Browser

/// A form's second page: the request's captures, assertions, retry and freshness as lines,
/// read by the run language, refused with their column, saved with the request.
@Suite("A form's checks")
struct FormChecksTests {
    static let checks = RequestChecks(
        captures: [CaptureRule(name: "token", query: "$.token"), CaptureRule(name: "etag", query: "header ETag")],
        assertions: ["status == 200", "$.items count >= 1"], retry: RetryRule(count: 3, interval: .milliseconds(500)),
        freshFor: .seconds(600))

    /// A state with the form of a saved request on top.
    static func state(checks: RequestChecks = checks) -> BrowserState {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Fixtures.base + "users", "[]"))
        state.hasCollection = true
        var form = RequestForm(definition: RequestDefinition(method: "GET", url: Fixtures.base + "users"))
        form.fillChecks(checks)
        form.savedRequest = ("users/list.yaml", "List users")
        state.layers = [form]
        return state
    }

    static func form(_ state: BrowserState) -> RequestForm? { state.layer(RequestForm.self) }

    @Test("the checks fill their fields as lines and read back as they were")
    func roundTrip() throws {
        let form = try #require(Self.form(Self.state()))
        #expect(form.captures.text == "token: $.token\netag: header ETag")
        #expect(form.assertions.text == "status == 200\n$.items count >= 1")
        #expect(form.retry.text == "3 every 500ms")
        #expect(form.fresh.text == "10m")
        #expect(try form.checks() == Self.checks)
        #expect(!form.isChanged)
        #expect(form.checksSummary == "2 assertions, 2 captures, retry 3 every 500ms, fresh 10m")
        var once = form
        once.retry.setText("4")
        #expect(try once.checks().retry == RetryRule(count: 4, interval: .seconds(1)))
        #expect(once.isChanged)
    }

    @Test("F3 turns to the checks and back; Tab goes through their fields and stops at the ends")
    func pages() throws {
        var state = Self.state()
        #expect(BrowserView.render(state).find("F3 checks") != nil)
        #expect(BrowserView.render(state).find("2 assertions, 2 captures") != nil)
        _ = Fixtures.keys(&state, [.function(3)])
        #expect(Self.form(state)?.field == .assertions)
        var screen = BrowserView.render(state)
        #expect(screen.find("Captures") != nil && screen.find("Assertions") != nil && screen.find("Fresh for") != nil)
        #expect(screen.find("$.items count >= 1") != nil)
        #expect(screen.find("F3 the request") != nil)
        _ = Fixtures.keys(&state, [.tab, .tab])
        #expect(Self.form(state)?.field == .fresh)
        _ = Fixtures.keys(&state, [.tab])
        #expect(Self.form(state)?.field == .fresh)
        #expect(state.status?.text.hasPrefix("fresh is the last field") == true)
        _ = Fixtures.keys(&state, [.control("u")])
        Fixtures.type(&state, "1h")
        _ = Fixtures.keys(&state, [.function(3)])
        #expect(Self.form(state)?.field == .body)
        _ = Fixtures.keys(&state, [.function(3)])
        #expect(Self.form(state)?.field == .fresh, "back where it was")
        #expect(try Self.form(state)?.checks().freshFor == .seconds(3600))
        screen = BrowserView.render(state)
        #expect(screen.find("fresh 1h") == nil, "the summary is on the request page only")
    }

    @Test("a line that does not read is named with its column on the message line; F2 refuses it and goes there")
    func refusedLines() throws {
        var state = Self.state(checks: .none)
        _ = Fixtures.keys(&state, [.function(3)])
        _ = state.update(.paste("status == 200\nstatus =< 200"))
        var form = try #require(Self.form(state))
        let problem = try #require(form.checksProblem)
        #expect(problem.field == .assertions && problem.line == 1 && problem.column == 8)
        #expect(problem.message.hasPrefix("assertion line 2, column 8: "))
        #expect(BrowserView.render(state).find("assertion line 2, column 8: ") != nil)
        _ = Fixtures.keys(&state, [.function(2)])
        #expect(state.topLayer is RequestForm, "nothing is asked: nothing is saved")
        form = try #require(Self.form(state))
        #expect(form.validationMessage?.hasSuffix("; nothing was saved") == true)
        #expect(form.field == .assertions && form.assertions.row == 1 && form.assertions.column == 7)

        var captures = RequestForm(method: .get, url: Fixtures.base)
        captures.captures.setText("token $.token")
        #expect(
            captures.checksProblem?.message == "capture line 1, column 1: a capture is “name: query” (token: $.token)")
        captures.captures.setText("  tok en: $.a")
        #expect(captures.checksProblem?.column == 3)
        captures.captures.setText("a: $.a\na: $.b")
        #expect(captures.checksProblem?.message == "capture line 2, column 1: “a” is captured twice")
        captures.captures.setText("id:  regex \"(\"")
        let query = try #require(captures.checksProblem)
        #expect(query.line == 0 && query.column == 12, "\(query.message)")
        captures.captures.setText("")
        captures.retry.setText("3 every 2x")
        #expect(captures.checksProblem?.message == "retry, column 9: “2x” is not a duration (500ms, 2s, 10m, 1h)")
        captures.retry.setText("3 each 2s")
        #expect(captures.checksProblem?.message == "retry, column 3: write it as 10, or 10 every 500ms")
        captures.retry.setText("")
        captures.fresh.setText(" soon")
        #expect(captures.checksProblem?.message == "fresh, column 2: “soon” is not a duration (500ms, 2s, 10m, 1h)")
    }

    @Test("F2 saves the checks with the request: the same file for its own name, a new one for another")
    func saveCommands() throws {
        var state = Self.state()
        _ = Fixtures.keys(&state, [.function(3)])
        _ = state.update(.paste("\n$.id exists"))
        _ = Fixtures.keys(&state, [.function(2)])
        #expect(state.topLayer is Prompt)
        let commands = Fixtures.keys(&state, [.enter])
        guard case .workspace(.saveRequest(let name, _, _, _, _, _, let checks, let replacing))? = commands.first else {
            Issue.record("expected the request saved, got \(commands)")
            return
        }
        #expect(name == "List users" && replacing == "users/list.yaml")
        #expect(checks.assertions == ["status == 200", "$.items count >= 1", "$.id exists"])
        #expect(checks.captures == Self.checks.captures)
    }

    @Test("a new form has no checks in its footer, only in its help; the local override form has none")
    func footerOnlyWhenUseful() throws {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Fixtures.base + "users", "[]"))
        _ = Fixtures.keys(&state, [.character("p")])
        #expect(BrowserView.render(state).find("F3 checks") == nil)
        _ = Fixtures.keys(&state, [.function(1)])
        #expect(BrowserView.render(state).find("the request's checks") != nil)
        _ = Fixtures.keys(&state, [.escape, .escape, .character("o")])
        let local = try #require(Self.form(state))
        #expect(local.activeBindings(state.keyMap).binding("checks") == nil)
        _ = Fixtures.keys(&state, [.function(3)])
        #expect(Self.form(state)?.page == .request)
    }
}
