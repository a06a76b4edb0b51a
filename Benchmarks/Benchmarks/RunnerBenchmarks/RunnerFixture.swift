import Foundation

/// The demo server process and the request files the runner benchmarks use.
final class RunnerFixture: @unchecked Sendable {
    /// How many requests each benchmark sends.
    static let requestCount = 1000
    /// Made once, on first use; the server stops when the benchmark process ends.
    static let shared = RunnerFixture()

    /// The `hammock` binary.
    let binary: String
    /// The demo API's base URL, without a final slash.
    let base: String
    /// One `.yaml` folder of 1,000 requests (they run as one file, in order).
    let oneFile: String
    /// Eight folders of 125 requests each.
    let eightFiles: [String]
    private let server: Process
    /// The server's process id, for the exit handler.
    nonisolated(unsafe) static var serverID: pid_t = 0

    private init() {
        let environment = ProcessInfo.processInfo.environment
        binary =
            environment["HAMMOCK_BIN"]
            ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent("../.build/release/hammock").standardizedFileURL.path
        precondition(FileManager.default.isExecutableFile(atPath: binary), "no hammock binary at \(binary)")
        let port = 21_000 + Int(getpid() % 10_000)
        base = "http://127.0.0.1:\(port)"
        server = Process()
        server.executableURL = URL(fileURLWithPath: binary)
        server.arguments = ["--serve-demo", String(port)]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try! server.run()
        // The benchmark process ends with exit(): take the server with it.
        Self.serverID = server.processIdentifier
        atexit { kill(RunnerFixture.serverID, SIGTERM) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hammock-run-bench-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        let request = """
            url: "{{base}}/users/1"
            assert:
              - status == 200
              - $.id == 1

            """
        func write(_ folderName: String, count: Int) -> String {
            let path = folder.appendingPathComponent(folderName)
            try! FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
            for index in 0..<count {
                try! Data(request.utf8).write(to: path.appendingPathComponent(String(format: "r%04d.yaml", index)))
            }
            return path.path
        }
        oneFile = write("one", count: Self.requestCount)
        eightFiles = (0..<8).map { write("eight/f\($0)", count: Self.requestCount / 8) }
        // Wait for the server.
        for _ in 0..<200 {
            if run("/bin/sh", ["-c", "curl -sf -o /dev/null '\(base)/users/1'"]) == 0 { return }
            usleep(50_000)
        }
        fatalError("the demo server did not start at \(base)")
    }

    deinit {
        server.terminate()
    }

    /// Runs `hammock` with `arguments` and checks that it exited 0.
    func launch(_ arguments: [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try! process.run()
        process.waitUntilExit()
        precondition(process.terminationStatus == 0, "hammock \(arguments) exited \(process.terminationStatus)")
    }

    /// Runs `script` with `/bin/sh` and checks that it exited 0.
    func shell(_ script: String) {
        precondition(run("/bin/sh", ["-c", script]) == 0, "the shell loop failed")
    }

    /// Runs `executable` with `arguments`, output thrown away; its exit status.
    private func run(_ executable: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try! process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
