import Foundation
import TestSupport
import Testing

@testable import Browser
@testable import BrowserRuntime

/// Real shell commands run by ``PipeRunner``: bytes in and out exactly, exit statuses, limits,
/// and stopping a whole pipeline.
@MainActor
@Suite("Piped commands run for real")
struct PipeRunnerTests {
    /// Runs `command` with `input` and waits for its result.
    func run(
        _ command: String, input: Data = Data(), limits: PipeRunner.Limits = .init(), timeout: Double = 20,
        while running: ((PipeRunner) -> Void)? = nil
    ) async throws -> PipeResult {
        let runner = PipeRunner()
        runner.limits = limits
        var result: PipeResult?
        runner.dispatch = { action in
            if case .pipeFinished(1, let finished) = action { result = finished }
        }
        runner.run(command, input: input, generation: 1)
        running?(runner)
        await waitUntil("\(command) to end", timeout: timeout) { result != nil }
        return try #require(result)
    }

    @Test("the input reaches the command byte for byte and its output comes back byte for byte")
    func bytesExactly() async throws {
        var bytes = Data("a\tb\r\nc\rd\u{0}e".utf8) + Data([0xFF, 0xFE, 0x80])
        bytes += Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let result = try await run("cat", input: bytes)
        #expect(result.ending == .exited(0))
        #expect(result.output == bytes)
        #expect(result.errorOutput.isEmpty)
    }

    @Test("an exit status and the error output are kept")
    func exitStatus() async throws {
        let result = try await run("echo out; echo oops >&2; exit 3")
        #expect(result.ending == .exited(3))
        #expect(result.output == Data("out\n".utf8))
        #expect(result.errorOutput == "oops\n")
        let missing = try await run("nosuchtool-hammock --x")
        #expect(missing.ending == .exited(127))
        #expect(missing.summary.hasPrefix("the command nosuchtool-hammock was not found"))
    }

    @Test("a command that never reads its input ends normally, whatever the input's size")
    func unreadInput() async throws {
        let result = try await run("echo done", input: Data(count: 20 * 1024 * 1024))
        #expect(result.ending == .exited(0))
        #expect(result.output == Data("done\n".utf8))
    }

    @Test("stopping a pipeline ends every process in it and keeps what it wrote")
    func stopEndsTheGroup() async throws {
        let marker = "31.\(Int.random(in: 100...999))"
        let result = try await run("echo started; sleep \(marker) | cat") { runner in
            Task { @MainActor in
                await waitUntil("the pipeline to start") { Self.processes(containing: marker) > 0 }
                runner.stop(1)
            }
        }
        #expect(result.ending == .stopped)
        #expect(result.output == Data("started\n".utf8))
        await waitUntil("the pipeline's processes to end") { Self.processes(containing: marker) == 0 }
    }

    @Test("the time limit and the output limit stop a command and say so")
    func limits() async throws {
        var short = PipeRunner.Limits()
        short.seconds = 0.5
        let slow = try await run("sleep 30", limits: short)
        #expect(slow.ending == .timedOut(0.5))
        #expect(slow.seconds < 10)
        var small = PipeRunner.Limits()
        small.outputBytes = 100_000
        let chatty = try await run("yes", limits: small)
        #expect(chatty.ending == .outputLimit(100_000))
        #expect(chatty.output.count == 100_000)
    }

    /// How many processes have `text` in their command line.
    static func processes(containing text: String) -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { Int($0) != nil }.filter { pid in
            guard let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            return String(decoding: line, as: UTF8.self).contains(text)
        }.count
    }
}
