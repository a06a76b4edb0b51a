import Foundation
import Safety
import Workspace

extension BrowserState {
    /// `|`: asks for the command to pipe the shown body to.
    mutating func openPipePrompt() -> [Command] {
        guard let body = shownBody, body.bytes != nil else {
            status = StatusMessage("no body to pipe here", isError: true)
            return []
        }
        open(Prompt(purpose: .pipe))
        return []
    }

    /// Starts `command` with the shown body's bytes as its input and opens its output.
    mutating func startPipe(_ command: String) -> [Command] {
        guard let input = shownBody?.bytes else {
            status = StatusMessage("no body to pipe here", isError: true)
            return []
        }
        pipeGeneration += 1
        open(PipeOutput(command: command, generation: pipeGeneration, started: now))
        log(
            EventLogEntry(
                time: now, name: "pipe", resource: currentURL.map(displayPath) ?? "",
                detail: "\(Format.bytes(input.count)) | \(command)", kind: .note))
        return [.runPipe(command: command, input: input, generation: pipeGeneration)]
    }

    /// A running command's progress.
    mutating func applyPipeProgress(generation: Int, bytes: Int) {
        updatePipeOutput(generation) { $0.bytesSoFar = bytes }
    }

    /// A command ended: its output shows, and its error output goes to Events line by line.
    mutating func applyPipeResult(generation: Int, _ result: PipeResult) {
        let shown = updatePipeOutput(generation) { $0.finish(result) }
        log(
            EventLogEntry(
                time: now, name: "pipe", resource: "", detail: result.summary,
                kind: result.succeeded ? .note : .error))
        for line in result.errorOutput.split(whereSeparator: \.isNewline).prefix(20) {
            log(EventLogEntry(time: now, name: "stderr", resource: "", detail: String(line), kind: .error))
        }
        if !shown { status = StatusMessage("| \(PipeResult.commandName(result.command)): " + result.summary) }
    }

    /// Changes the output layer of `generation`, if it is still open.
    @discardableResult
    private mutating func updatePipeOutput(_ generation: Int, _ change: (inout PipeOutput) -> Void) -> Bool {
        guard let index = layers.lastIndex(where: { ($0 as? PipeOutput)?.generation == generation }),
            var output = layers[index] as? PipeOutput
        else { return false }
        change(&output)
        layers[index] = output
        return true
    }
}
