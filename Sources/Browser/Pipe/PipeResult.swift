import Foundation
import Workspace

/// What a shell command the body was piped to (`|` in the main view) gave back.
///
/// The output is kept as bytes, up to the runner's output limit; the error output as text (its
/// first part, up to the runner's limit). ``ending`` says why the command is no longer running.
public struct PipeResult: Sendable, Equatable {
    /// Why the command ended.
    public enum Ending: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal it did not catch ended it.
        case signalled(Int32)
        /// It ran past the time limit (seconds) and was stopped.
        case timedOut(Double)
        /// It wrote more than the output limit (bytes) and was stopped.
        case outputLimit(Int)
        /// Esc stopped it.
        case stopped
        /// It could not be started; the sentence says why.
        case notStarted(String)
    }

    /// The command as typed.
    public var command: String
    /// Its standard output, as written (at most the output limit).
    public var output: Data
    /// Its standard error, as UTF-8 (invalid bytes replaced), at most the runner's limit.
    public var errorOutput: String
    /// Why it ended.
    public var ending: Ending
    /// Seconds from start to end.
    public var seconds: Double

    /// Creates a result.
    public init(command: String, output: Data, errorOutput: String, ending: Ending, seconds: Double) {
        self.command = command
        self.output = output
        self.errorOutput = errorOutput
        self.ending = ending
        self.seconds = seconds
    }

    /// The outcome in one sentence: the exit status with what came out and how long it took, or
    /// why it was stopped. A command the shell could not find is named.
    public var summary: String {
        let size = Format.bytes(output.count)
        let time = Format.milliseconds(seconds)
        switch ending {
        case .exited(0):
            return "exit 0 · \(size) out · \(time)"
        case .exited(127) where errorOutput.contains("not found"):
            return "the command \(Self.commandName(command)) was not found (the shell gave exit 127)"
        case .exited(126):
            return "the command \(Self.commandName(command)) could not be run (the shell gave exit 126)"
        case .exited(let status):
            return "exit \(status) · \(size) out · \(time)"
        case .signalled(let signal):
            return "ended by signal \(signal) · \(size) out · \(time)"
        case .timedOut(let limit):
            return "stopped after \(Format.duration(limit)), the time limit; the \(size) written until then are shown"
        case .outputLimit(let limit):
            return "stopped at \(Format.bytes(limit)) of output, the limit; that much is shown"
        case .stopped:
            return "stopped with Esc after \(time); the \(size) written until then are shown"
        case .notStarted(let reason):
            return "could not start the shell: \(reason)"
        }
    }

    /// True when the command ended by itself with status 0.
    public var succeeded: Bool { ending == .exited(0) }

    /// The first word of a command line: the program the shell runs.
    static func commandName(_ command: String) -> String {
        let word = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? command
        return word.isEmpty ? "(empty)" : word
    }
}
