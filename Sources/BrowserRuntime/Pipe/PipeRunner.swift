import Browser
import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the shell commands the shown body is piped to (`|`): `/bin/sh -c COMMAND` in a process
/// group of its own, the body's bytes on its standard input, its output and error output read as
/// they come, all on threads of their own (never the main actor or the cooperative pool).
///
/// Limits keep a runaway command from holding hammock: a time limit, an output limit and a
/// limit on the error output kept. Stopping (Esc, a limit, quitting) ends the whole process
/// group: `SIGTERM`, then `SIGKILL` a second later. A command that does not read its input is
/// fine: the write stops at the closed pipe.
@MainActor
final class PipeRunner {
    /// The limits of one run.
    struct Limits {
        /// Seconds a command may run.
        var seconds: Double = 60
        /// Bytes of output kept; more stops the command.
        var outputBytes = 64 * 1024 * 1024
        /// Bytes of error output kept; the rest is read and dropped.
        var errorBytes = 64 * 1024
    }

    /// Where progress and results go.
    var dispatch: @MainActor (Action) -> Void = { _ in }
    /// The limits of every run.
    var limits = Limits()
    private var running: [Int: PipeProcess] = [:]

    /// Starts `command` with `input` on its standard input; reports as run `generation`.
    func run(_ command: String, input: Data, generation: Int) {
        let limits = limits
        let started = Date()
        let process: PipeProcess
        do {
            process = try PipeProcess(command: command)
        } catch {
            dispatch(
                .pipeFinished(
                    generation: generation,
                    PipeResult(
                        command: command, output: Data(), errorOutput: "", ending: .notStarted(error.description),
                        seconds: 0)))
            return
        }
        running[generation] = process
        process.onProgress = { [weak self] bytes in
            Task { @MainActor in self?.dispatch(.pipeProgress(generation: generation, bytes: bytes)) }
        }
        process.start(input: input, limits: limits) { [weak self] output, errorOutput, ending in
            let result = PipeResult(
                command: command, output: output, errorOutput: errorOutput, ending: ending,
                seconds: Date().timeIntervalSince(started))
            Task { @MainActor in
                self?.running[generation] = nil
                self?.dispatch(.pipeFinished(generation: generation, result))
            }
        }
    }

    /// Stops run `generation`, keeping what it wrote.
    func stop(_ generation: Int) {
        running[generation]?.stop(because: .stopped)
    }

    /// Stops every run (quitting).
    func stopAll() {
        for process in running.values { process.stop(because: .stopped) }
    }
}
