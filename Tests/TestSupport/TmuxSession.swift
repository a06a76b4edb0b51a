import Foundation
import Testing

/// Runs the `hammock` binary inside a private tmux server and reads its screen.
///
/// Each session uses its own tmux socket (`-L hammock-e2e-<pid>-<n>`), so tests can run in
/// parallel and never touch a user's tmux; `close()` kills that server.
public final class TmuxSession {
    /// The private tmux socket's name.
    public let socket: String
    /// The `XDG_STATE_HOME` made for this session (removed on close), when the test gave none.
    private var stateFolder: String?
    private static let counter = Counter()

    /// The built `hammock` binary, found by ``BuiltProducts`` (`swift build` makes it; `swift
    /// test` builds it too, since it builds every product).
    public static var binaryPath: String { BuiltProducts.path(of: "hammock") }

    /// Reads the freshly linked binary once, before the first session starts it: a dozen sessions
    /// starting at once would otherwise each wait for the same 100+ MB to come from disk while
    /// the build's files are still being written out, and find a blank screen at their deadline.
    private static let warmUp: Void = {
        guard let handle = FileHandle(forReadingAtPath: binaryPath) else { return }
        defer { try? handle.close() }
        while let chunk = try? handle.read(upToCount: 8 << 20), !chunk.isEmpty {}
    }()

    /// Starts `hammock` with `arguments` in a new private tmux server of the given size.
    ///
    /// `binary` runs another executable instead (a copy of hammock, or a shell that wraps it);
    /// `directory` is its working directory (default: the test's).
    public init(
        arguments: [String], environment: [String: String] = [:], width: Int = 150, height: Int = 45,
        binary: String = TmuxSession.binaryPath, directory: String? = nil
    ) throws {
        socket = "hammock-e2e-\(getpid())-\(TmuxSession.counter.next())"
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw TmuxError.missingBinary(binary)
        }
        _ = TmuxSession.warmUp
        var environment = environment
        // The request history goes to a folder of this session's own unless a test says where:
        // a test never writes the user's files.
        if environment["XDG_STATE_HOME"] == nil {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-state").path
            environment["XDG_STATE_HOME"] = folder
            stateFolder = folder
        }
        var command = "env TERM=tmux-256color"
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) {
            command += " \(name)=\(TmuxSession.quote(value))"
        }
        command += " " + ([binary] + arguments).map(TmuxSession.quote).joined(separator: " ")
        let start = directory.map { ["-c", $0] } ?? []
        try tmux(["new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)"] + start + [command])
    }

    deinit { close() }

    /// `text` quoted for a POSIX shell.
    public static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// Runs tmux on this session's socket and returns its standard output.
    ///
    /// Uses posix_spawn and waitpid directly: the first command starts the tmux server, which
    /// keeps the client's descriptors, so output goes to a file rather than a pipe.
    @discardableResult
    public func tmux(_ arguments: [String]) throws -> String {
        try Self.tmux(socket: socket, arguments)
    }

    /// Runs tmux on `socket` (see ``tmux(_:)``); blocks the calling thread until tmux exits.
    private static func tmux(socket: String, _ arguments: [String]) throws -> String {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(socket)-\(UUID().uuidString).out"
        ).path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let argv = ["tmux", "-L", socket, "-f", "/dev/null"] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let target = arguments.first == "new-session" ? "/dev/null" : outputPath
        posix_spawn_file_actions_addopen(&actions, 1, target, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "tmux", &actions, nil, &cArguments, environ)
        guard spawned == 0 else { throw TmuxError.failed(arguments, Int32(spawned)) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exitCode = (status >> 8) & 0xFF
        guard status & 0x7F == 0, exitCode == 0 else { throw TmuxError.failed(arguments, exitCode) }
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    /// Sends tmux key names (`Enter`, `C-s`, `Escape`, `j`).
    public func keys(_ names: String...) throws { try tmux(["send-keys", "-t", "main"] + names) }

    /// Types text literally.
    public func type(_ text: String) throws { try tmux(["send-keys", "-t", "main", "-l", text]) }

    /// Resizes the terminal the program runs in (it gets SIGWINCH).
    public func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)"])
    }

    /// Pastes `text` as a terminal does with bracketed paste, byte for byte: tmux's own change of
    /// line feeds into carriage returns is turned off.
    public func paste(_ text: String) throws {
        // Through a file: an argument cannot hold NUL.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-paste")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try tmux(["load-buffer", "-b", "hammock-paste", file.path])
        try tmux(["paste-buffer", "-p", "-r", "-d", "-b", "hammock-paste", "-t", "main"])
    }

    /// Sends `text`'s bytes as they are, as a terminal sends a key's escape sequence
    /// (`"\u{1B}[1~"`), whatever tmux would send for a key of that name.
    public func sendBytes(_ text: String) throws {
        try tmux(["send-keys", "-t", "main", "-H"] + text.utf8.map { String($0, radix: 16) })
    }

    /// The visible screen text.
    public func capture() -> String { (try? tmux(["capture-pane", "-p", "-t", "main"])) ?? "" }

    /// The visible screen text, read on a thread of its own: polling loops wait without holding
    /// one of the few threads that run every other test's tasks.
    func captureOffPool() async -> String {
        let socket = self.socket
        return (try? await OffPool.run { try Self.tmux(socket: socket, ["capture-pane", "-p", "-t", "main"]) }) ?? ""
    }

    /// Waits until the screen contains `text` at least `count` times; returns the screen (fails the
    /// test on timeout).
    @discardableResult
    public func waitFor(
        _ text: String, count: Int = 1, timeout: Double = 15, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> String {
        let (screen, found) = await pollScreen(timeout: timeout) { $0.components(separatedBy: text).count - 1 >= count }
        if !found {
            Issue.record("timed out waiting for \(text); screen was:\n\(screen)", sourceLocation: sourceLocation)
        }
        return screen
    }

    /// Waits until the screen no longer contains `text` (after a key that closes something);
    /// returns the screen (fails the test on timeout).
    @discardableResult
    public func waitForAbsence(
        of text: String, timeout: Double = 15, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> String {
        let (screen, gone) = await pollScreen(timeout: timeout) { !$0.contains(text) }
        if !gone {
            Issue.record("timed out waiting for \(text) to go; screen was:\n\(screen)", sourceLocation: sourceLocation)
        }
        return screen
    }

    /// Reads the screen every 100 ms until `accepts` takes a capture or `timeout` seconds
    /// (stretched by ``TestTime``) have passed: the one polling loop of every screen wait.
    /// Returns the last capture and whether it was taken.
    func pollScreen(timeout: Double, until accepts: (String) -> Bool) async -> (screen: String, accepted: Bool) {
        let deadline = Date().addingTimeInterval(TestTime.scaled(timeout))
        var screen = ""
        while Date() < deadline {
            screen = await captureOffPool()
            if accepts(screen) { return (screen, true) }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return (screen, false)
    }

    /// True while the hammock process (the session) is alive.
    public var isRunning: Bool { (try? tmux(["has-session", "-t", "main"])) != nil }

    /// Kills the private tmux server (and hammock with it).
    public func close() {
        // kill-session hangs up hammock first; kill-server alone can leave the server waiting.
        _ = try? tmux(["kill-session", "-t", "main"])
        _ = try? tmux(["kill-server"])
        if let stateFolder { try? FileManager.default.removeItem(atPath: stateFolder) }
    }

    /// Why a tmux command failed.
    public enum TmuxError: Error, CustomStringConvertible {
        /// The binary to run is not there.
        case missingBinary(String)
        /// tmux exited with a status other than 0.
        case failed([String], Int32)

        /// A sentence for the test log.
        public var description: String {
            switch self {
            case .missingBinary(let path): return "\(path) is missing: run `swift build` before the end-to-end tests"
            case .failed(let arguments, let status):
                return "tmux \(arguments.joined(separator: " ")) exited with \(status)"
            }
        }
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
    }
}
