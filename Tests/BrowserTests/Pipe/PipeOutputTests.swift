import Foundation
import TUICore
import Testing

@testable import Browser

/// `|`: the shown body piped to a shell command, as the pure browser sees it (the commands it
/// asks for and what it shows of the results).
@Suite("Piping the body to a command")
struct PipeOutputTests {
    static let usersURL = Fixtures.base + "users"
    static let json = #"[{"id": 1, "name": "Ada"},  {"id": 2.50, "name": "Grace"}]"#

    static func state() -> BrowserState {
        Fixtures.state(showing: Fixtures.jsonSnapshot(usersURL, json))
    }

    @Test("| asks for a command, then runs it with the body's bytes as received")
    func startsWithBodyBytes() throws {
        var state = Self.state()
        _ = Fixtures.keys(&state, [.character("|")])
        #expect((state.topLayer as? Prompt)?.label.hasPrefix("pipe the body to") == true)
        Fixtures.type(&state, "jq '.[].id'")
        let commands = Fixtures.keys(&state, [.enter])
        guard case .runPipe(let command, let input, let generation)? = commands.first else {
            Issue.record("expected a runPipe command, got \(commands)")
            return
        }
        #expect(command == "jq '.[].id'")
        #expect(input == Data(Self.json.utf8), "the bytes as received, spacing and 2.50 kept")
        let output = try #require(state.topLayer as? PipeOutput)
        #expect(output.generation == generation)
        #expect(output.isRunning)
        #expect(BrowserView.render(state).text.contains("| jq '.[].id'"))
    }

    @Test("with nothing shown, | says so and opens nothing")
    func nothingToPipe() {
        var state = Fixtures.state()
        #expect(Fixtures.keys(&state, [.character("|")]).isEmpty)
        #expect(state.topLayer == nil)
        #expect(state.status?.text == "no body to pipe here")
    }

    @Test("Esc stops a running command and keeps the layer; once it ended, Esc closes")
    func escStopsThenCloses() throws {
        var state = Self.state()
        _ = Fixtures.keys(&state, [.character("|")])
        Fixtures.type(&state, "sleep 30")
        _ = Fixtures.keys(&state, [.enter])
        let generation = state.pipeGeneration
        let commands = Fixtures.keys(&state, [.escape])
        guard case .stopPipe(generation)? = commands.first else {
            Issue.record("expected stopPipe(\(generation)), got \(commands)")
            return
        }
        #expect(state.topLayer is PipeOutput)
        _ = state.update(
            .pipeFinished(
                generation: generation,
                PipeResult(command: "sleep 30", output: Data(), errorOutput: "", ending: .stopped, seconds: 1.5)))
        #expect(BrowserView.render(state).text.contains("stopped with Esc after 1.50 s"))
        #expect(Fixtures.keys(&state, [.escape]).isEmpty)
        #expect(state.topLayer == nil)
    }

    @Test("JSON output is a document that folds; text stays text; a late report of an earlier run is ignored")
    func outputs() throws {
        var state = Self.state()
        _ = Fixtures.keys(&state, [.character("|")])
        Fixtures.type(&state, "jq .")
        _ = Fixtures.keys(&state, [.enter])
        let generation = state.pipeGeneration
        _ = state.update(
            .pipeFinished(
                generation: generation - 1,
                PipeResult(command: "old", output: Data("x".utf8), errorOutput: "", ending: .exited(0), seconds: 0)))
        #expect((state.topLayer as? PipeOutput)?.isRunning == true)
        _ = state.update(
            .pipeFinished(
                generation: generation,
                PipeResult(
                    command: "jq .", output: Data(#"{"a": [1, 2], "b": 1.10}"#.utf8), errorOutput: "",
                    ending: .exited(0), seconds: 0.02)))
        let output = try #require(state.topLayer as? PipeOutput)
        guard case .json = output.viewer.body else {
            Issue.record("expected the output as a JSON document")
            return
        }
        #expect(BrowserView.render(state).text.contains(#""b": 1.10"#), "numbers as written")
        _ = Fixtures.keys(&state, [.down, .enter])
        #expect(BrowserView.render(state).text.contains(#""a": […] 2 items,"#))
    }

    @Test("stderr goes to Events line by line and its first line to the note; failures read as sentences")
    func failures() {
        var state = Self.state()
        _ = Fixtures.keys(&state, [.character("|")])
        Fixtures.type(&state, "nosuchtool --x")
        _ = Fixtures.keys(&state, [.enter])
        _ = state.update(
            .pipeFinished(
                generation: state.pipeGeneration,
                PipeResult(
                    command: "nosuchtool --x", output: Data(), errorOutput: "/bin/sh: 1: nosuchtool: not found\n",
                    ending: .exited(127), seconds: 0.01)))
        let text = BrowserView.render(state).text
        #expect(text.contains("the command nosuchtool was not found (the shell gave exit 127)"))
        #expect(state.events.contains { $0.name == "stderr" && $0.detail == "/bin/sh: 1: nosuchtool: not found" })
        let endings: [(PipeResult.Ending, String)] = [
            (.timedOut(30), "stopped after 30s, the time limit"),
            (.outputLimit(64 * 1024 * 1024), "stopped at 67.1 MB of output, the limit"),
            (.exited(3), "exit 3 · 0 B out"),
            (.signalled(9), "ended by signal 9"),
            (.notStarted("No such file or directory"), "could not start the shell: No such file or directory"),
        ]
        for (ending, sentence) in endings {
            let result = PipeResult(command: "x", output: Data(), errorOutput: "", ending: ending, seconds: 60)
            #expect(result.summary.hasPrefix(sentence), "\(result.summary)")
        }
    }
}
