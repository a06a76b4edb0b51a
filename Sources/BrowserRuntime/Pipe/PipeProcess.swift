import Browser
import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
    import Glibc
#endif

/// One `/bin/sh -c COMMAND` run in a process group of its own, with pipes for its standard
/// input, output and error output. Its input is written, and its outputs read, on threads of
/// their own; it reports once, when the process has ended and both outputs are closed.
final class PipeProcess: Sendable {
    /// Why a process could not be started.
    struct StartFailure: Error, CustomStringConvertible {
        /// The sentence.
        let description: String
    }

    private let pid: pid_t
    private let input: Int32
    private let output: Int32
    private let errorOutput: Int32
    private let state = NIOLockedValueBox(State())
    private let progress = NIOLockedValueBox<(@Sendable (Int) -> Void)?>(nil)

    private struct State {
        var stopReason: PipeResult.Ending?
        var isDone = false
    }

    /// Called now and then with the bytes of output read so far.
    var onProgress: (@Sendable (Int) -> Void)? {
        get { progress.withLockedValue { $0 } }
        set { progress.withLockedValue { $0 = newValue } }
    }

    /// Spawns the shell; its input and outputs are pipes.
    init(command: String) throws(StartFailure) {
        // A command that stops reading its input must not end hammock with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        var inputPipe: [Int32] = [0, 0]
        var outputPipe: [Int32] = [0, 0]
        var errorPipe: [Int32] = [0, 0]
        guard pipe(&inputPipe) == 0 else { throw StartFailure(description: Self.reason(errno)) }
        guard pipe(&outputPipe) == 0 else {
            Self.close(inputPipe)
            throw StartFailure(description: Self.reason(errno))
        }
        guard pipe(&errorPipe) == 0 else {
            Self.close(inputPipe + outputPipe)
            throw StartFailure(description: Self.reason(errno))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        for descriptor in inputPipe + outputPipe + errorPipe {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A group of its own, so stopping it stops every process of a pipeline.
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
        let arguments = ["/bin/sh", "-c", command]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, "/bin/sh", &actions, &attributes, &argv, &envp)
        Self.close([inputPipe[0], outputPipe[1], errorPipe[1]])
        guard status == 0 else {
            Self.close([inputPipe[1], outputPipe[0], errorPipe[0]])
            throw StartFailure(description: Self.reason(status))
        }
        pid = child
        input = inputPipe[1]
        output = outputPipe[0]
        errorOutput = errorPipe[0]
    }

    /// Writes `data` to the process, reads its outputs within `limits`, and calls `done` once
    /// with what it wrote and why it ended.
    func start(
        input data: Data, limits: PipeRunner.Limits,
        done: @escaping @Sendable (Data, String, PipeResult.Ending) -> Void
    ) {
        let input = self.input
        Thread.detachNewThread {
            data.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = write(input, bytes.baseAddress! + offset, bytes.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        break
                    }
                    offset += written
                }
            }
            Glibc.close(input)
        }
        let outputs = NIOLockedValueBox<(output: Data?, errorOutput: Data?)>((nil, nil))
        let finish: @Sendable () -> Void = { [self] in
            guard
                let (output, errorOutput) = outputs.withLockedValue({ values in
                    values.output.flatMap { output in values.errorOutput.map { (output, $0) } }
                })
            else { return }
            let ending = wait()
            done(output, String(decoding: errorOutput, as: UTF8.self), ending)
        }
        let outputDescriptor = output
        let progress = self.progress
        Thread.detachNewThread { [self] in
            let data = Self.read(outputDescriptor, keeping: limits.outputBytes) { total in
                progress.withLockedValue { $0 }?(total)
            } overLimit: {
                self.stop(because: .outputLimit(limits.outputBytes))
            }
            outputs.withLockedValue { $0.output = data }
            finish()
        }
        let errorDescriptor = errorOutput
        Thread.detachNewThread {
            let data = Self.read(errorDescriptor, keeping: limits.errorBytes, progress: { _ in }, overLimit: nil)
            outputs.withLockedValue { $0.errorOutput = data }
            finish()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + limits.seconds) { [self] in
            stop(because: .timedOut(limits.seconds))
        }
    }

    /// Ends the process group (`SIGTERM`, then `SIGKILL` a second later), saying why, unless
    /// it has ended already.
    func stop(because reason: PipeResult.Ending) {
        let shouldStop = state.withLockedValue { state -> Bool in
            guard !state.isDone, state.stopReason == nil else { return false }
            state.stopReason = reason
            return true
        }
        guard shouldStop else { return }
        kill(-pid, SIGTERM)
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { [self] in
            let isDone = state.withLockedValue { $0.isDone }
            if !isDone { kill(-pid, SIGKILL) }
        }
    }

    /// Waits for the shell to end and says why it did.
    private func wait() -> PipeResult.Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let stopReason = state.withLockedValue { state -> PipeResult.Ending? in
            state.isDone = true
            return state.stopReason
        }
        if let stopReason { return stopReason }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which do not import.
        if status & 0x7F == 0 { return .exited((status >> 8) & 0xFF) }
        return .signalled(status & 0x7F)
    }

    /// Reads `descriptor` to its end, keeping at most `limit` bytes; past the limit calls
    /// `overLimit` once (when given; otherwise the rest is dropped while reading on).
    private static func read(
        _ descriptor: Int32, keeping limit: Int, progress: (Int) -> Void, overLimit: (() -> Void)?
    ) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var reported = Date.distantPast
        var total = 0
        var stopped = false
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            total += count
            if data.count < limit { data.append(contentsOf: buffer[0..<min(count, limit - data.count)]) }
            if total > limit, !stopped, let overLimit {
                stopped = true
                overLimit()
            }
            if Date().timeIntervalSince(reported) > 0.1 {
                reported = Date()
                progress(total)
            }
        }
        Glibc.close(descriptor)
        return data
    }

    private static func close(_ descriptors: [Int32]) {
        for descriptor in descriptors { Glibc.close(descriptor) }
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
