import Foundation
import TestSupport
import Testing

/// The command line without a terminal: what hammock refuses, and what still works.
@Suite("hammock's command line and its checks before drawing")
struct CommandLineTests {
    @Test("with standard input not a terminal it says so and exits non-zero, at once")
    func notATerminal() async throws {
        let run = try await HammockProcess.run(["--no-cache"], timeout: 10)
        #expect(run.status != 0)
        #expect(
            run.error
                == "hammock: standard input is not a terminal; run it in a terminal (it is an interactive browser)\n")
        // Nothing was drawn: no escape codes reached the output.
        #expect(run.output.isEmpty)
    }

    @Test("TERM=dumb in a real terminal exits with a message instead of drawing")
    func dumbTerminal() async throws {
        let command = TmuxSession.quote(TmuxSession.binaryPath) + " --no-cache; echo \"exit status $?\"; sleep 60"
        let session = try TmuxSession(arguments: ["-c", command], environment: ["TERM": "dumb"], binary: "/bin/sh")
        defer { session.close() }
        let screen = await session.waitFor("exit status 1")
        #expect(screen.contains("hammock: the terminal type 'dumb' cannot move the cursor"), "\(screen)")
    }

    @Test("a terminal that addresses the cursor without ANSI sequences (vt52) exits with a message")
    func nonANSITerminal() async throws {
        let command = TmuxSession.quote(TmuxSession.binaryPath) + " --no-cache; echo \"exit status $?\"; sleep 60"
        let session = try TmuxSession(arguments: ["-c", command], environment: ["TERM": "vt52"], binary: "/bin/sh")
        defer { session.close() }
        let screen = await session.waitFor("exit status 1")
        #expect(screen.contains("hammock: the terminal type 'vt52' does not speak ANSI escape sequences"), "\(screen)")
    }

    @Test("an unknown TERM exits with a message naming it")
    func unknownTerminal() async throws {
        let command = TmuxSession.quote(TmuxSession.binaryPath) + " --no-cache; echo \"exit status $?\"; sleep 60"
        let session = try TmuxSession(
            arguments: ["-c", command], environment: ["TERM": "no-such-terminal"], binary: "/bin/sh")
        defer { session.close() }
        let screen = await session.waitFor("exit status 1")
        #expect(screen.contains("hammock: the terminal type 'no-such-terminal' is not in the terminfo database"))
    }

    @Test("--help lists every key of the main view, grouped as ? groups them, and every mode's keys")
    func helpListsEveryKey() async throws {
        let help = try await HammockProcess.run(["--help"])
        #expect(help.status == 0)
        let lines = help.output.components(separatedBy: "\n")
        // The keys a new user missed, each on its line with what it does.
        for (key, summary) in [
            ("h", "history"), ("C", "saved requests"), ("e", "environment"), ("I", "curl command"),
            ("P", "pin"), ("v", "watch board"), ("m", "response head"), ("Q", "query parameters"),
            ("K", "cookie jar"), ("T", "timeline"), ("D", "what changed"), ("E", "HAR"),
        ] {
            #expect(
                lines.contains { $0.hasPrefix("    \(key) ") && $0.contains(summary) }, "\(key) for \(summary)")
        }
        let headings = lines.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && $0.hasSuffix(":") }
        #expect(
            headings.prefix(8) == [
                "  Siesta calls:", "  Going places:", "  The body:", "  Requests:",
                "  History, collections, environments:", "  The API description:", "  Watching:", "  The program:",
            ])
        #expect(headings.contains("  In a form (p u a, a saved request, a curl import):"))
        #expect(lines.allSatisfy { $0.count <= 80 }, "no line is wider than a terminal")
    }

    @Test("--version prints the version and exits 0")
    func version() async throws {
        let result = try await HammockProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines).firstMatch(of: /^\d+\.\d+\.\d+$/) != nil)
    }

    @Test("--help and --list-themes work without a terminal")
    func helpWithoutTerminal() async throws {
        let help = try await HammockProcess.run(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("--list-themes"))
        #expect(help.output.contains("$XDG_CONFIG_HOME/hammock/themes/"))
        #expect(!help.output.contains("repository"))
        let list = try await HammockProcess.run(["--list-themes"])
        #expect(list.status == 0)
        #expect(list.output.contains("nord"))
    }

    @Test("hammock help COMMAND shows that command's help, each under its full name")
    func helpCommand() async throws {
        for (command, usage) in [
            (["run"], "USAGE: hammock run"), (["jsonpath"], "USAGE: hammock jsonpath"),
            (["import"], "USAGE: hammock import"), (["import", "openapi"], "USAGE: hammock import openapi"),
            (["export"], "USAGE: hammock export"),
        ] {
            let viaHelp = try await HammockProcess.run(["help"] + command)
            #expect(viaHelp.status == 0, "\(command): \(viaHelp.output)")
            #expect(viaHelp.output.contains(usage), "\(command): \(viaHelp.output)")
            let viaFlag = try await HammockProcess.run(command + ["--help"])
            #expect(viaFlag.output == viaHelp.output, "\(command)")
        }
        let browser = try await HammockProcess.run(["help"])
        #expect(browser.status == 0)
        #expect(browser.output.contains("--list-themes"))
    }

    @Test(
        "negative and absurdly large seconds are read as values and refused in a sentence",
        arguments: [
            (["--expiration", "-5"], "--expiration must be a number of seconds ≥ 0, got -5"),
            (["--expiration=-5"], "--expiration must be a number of seconds ≥ 0, got -5"),
            (["--retry", "-0.5"], "--retry must be a number of seconds ≥ 0, got -0.5"),
            (["--expiration", "1e300"], "--expiration must be at most 315360000 seconds (ten years), got 1e+300"),
        ])
    func negativeSeconds(arguments: [String], message: String) async throws {
        let run = try await HammockProcess.run(arguments + ["--no-cache"])
        #expect(run.status != 0)
        #expect(run.error.contains(message), "\(run.error)")
        #expect(!run.error.contains("Missing value"))
    }

    @Test("--max-body-size takes bytes or K, M, G and refuses anything else")
    func maximumBodySize() async throws {
        for accepted in ["1048576", "512K", "64M", "1G", "2GiB"] {
            let run = try await HammockProcess.run(["--max-body-size", accepted, "--no-cache"])
            #expect(run.error.hasPrefix("hammock: standard input is not a terminal"), "\(accepted): \(run.error)")
        }
        for refused in ["12Q", "-1", "1.5G", "G", "99999999999T"] {
            let run = try await HammockProcess.run(["--max-body-size=\(refused)", "--no-cache"])
            #expect(run.status != 0)
            #expect(run.error.contains("--max-body-size"), "\(refused): \(run.error)")
        }
    }

    @Test("--timeout takes seconds and --max-redirects a count; anything else is refused with the option named")
    func timeoutAndRedirects() async throws {
        let accepted = try await HammockProcess.run(["--timeout", "0", "--max-redirects", "0", "--no-cache"])
        #expect(accepted.error.hasPrefix("hammock: standard input is not a terminal"), "\(accepted.error)")
        for (option, refused) in [
            ("--timeout", "-1"), ("--timeout", "soon"), ("--max-redirects", "-1"), ("--max-redirects", "5000"),
        ] {
            let run = try await HammockProcess.run([option, refused, "--no-cache"])
            #expect(run.status != 0)
            #expect(run.error.contains(option), "\(option) \(refused): \(run.error)")
        }
    }

    @Test("zero and positive seconds are accepted (the run stops only at the terminal check)")
    func validSeconds() async throws {
        let run = try await HammockProcess.run(["--expiration", "0", "--retry", "2.5", "--no-cache"])
        #expect(run.error.hasPrefix("hammock: standard input is not a terminal"), "\(run.error)")
    }
}
