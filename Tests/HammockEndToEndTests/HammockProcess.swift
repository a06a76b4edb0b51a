import Foundation
import TestSupport
import Testing

/// Runs a `hammock` binary as a plain child process (no terminal): standard input from
/// `/dev/null`, standard output and error captured.
struct HammockProcess {
    /// The exit status.
    var status: Int32
    /// Everything written to standard output.
    var output: String
    /// Everything written to standard error.
    var error: String

    /// Runs `binary` with `arguments` in `directory` (default: the test's), `input` on its
    /// standard input (empty when nil), and waits for it to exit; a run longer than `timeout`
    /// seconds is recorded as an issue and killed.
    static func run(
        _ arguments: [String], binary: String = TmuxSession.binaryPath, directory: String? = nil,
        environment: [String: String] = [:], input: Data? = nil, timeout: Double = 20,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> HammockProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let outputFile = try TemporaryFolder(prefix: "hammock-run")
        let outputPath = outputFile.path("stdout")
        let errorPath = outputFile.path("stderr")
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        let inputPath = outputFile.path("stdin")
        _ = FileManager.default.createFile(atPath: inputPath, contents: input ?? Data())
        process.standardInput = FileHandle(forReadingAtPath: inputPath)
        process.standardOutput = FileHandle(forWritingAtPath: outputPath)
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        try process.run()
        let exited = await waitUntil("hammock \(arguments) to exit", timeout: timeout, sourceLocation: sourceLocation) {
            !process.isRunning
        }
        if !exited {
            process.terminate()
            process.waitUntilExit()
        }
        return HammockProcess(
            status: process.terminationStatus,
            output: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
            error: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
    }
}
