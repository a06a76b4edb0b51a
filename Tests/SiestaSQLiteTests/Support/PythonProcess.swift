import Foundation

/// A `python3` child process running an inline script, with its standard output and error
/// captured. Used to touch cache files from another process with Python's own `sqlite3`
/// module.
final class PythonProcess {
    private let process = Process()
    private let output = Pipe()
    private let errors = Pipe()

    /// Starts `python3 -c script arguments…`.
    init(script: String, arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// The child's process id.
    var processIdentifier: Int32 { process.processIdentifier }

    /// Sends `signal` to the child.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the child to end and returns how it ended and everything it printed.
    func finish() -> (reason: Process.TerminationReason, status: Int32, output: String, errors: String) {
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationReason, process.terminationStatus,
            String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self)
        )
    }

    /// Runs a script to its end and returns its standard output; records nothing itself.
    ///
    /// - Throws: ``Failure`` when the script exits with a status other than 0.
    static func run(_ script: String, arguments: [String]) throws -> String {
        let result = try PythonProcess(script: script, arguments: arguments).finish()
        guard result.reason == .exit, result.status == 0 else {
            throw Failure(status: result.status, errors: result.errors)
        }
        return result.output
    }

    /// A script that did not exit cleanly.
    struct Failure: Error, CustomStringConvertible {
        let status: Int32
        let errors: String
        var description: String { "python3 exited with \(status): \(errors)" }
    }
}
