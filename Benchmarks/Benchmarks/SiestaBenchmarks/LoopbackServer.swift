import BenchmarkData
import DemoAPI
import Foundation

/// A real HTTP server on 127.0.0.1 serving a small JSON document at `/small.json`, for
/// comparing Siesta with raw clients over the same sockets.
///
/// nginx (`/usr/sbin/nginx`, Debian's `nginx-light`) when it is installed, so the server costs
/// the client process nothing; otherwise the demo API in this process, which the figures then say.
final class LoopbackServer: @unchecked Sendable {
    /// The URL of the small JSON document.
    let smallJSONURL: URL
    /// `"nginx"` or `"DemoAPI (in process)"`.
    let kind: String
    private let process: Process?
    private let directory: URL?

    /// The small JSON document served.
    static var smallJSON: Data { SmallDocument.json }

    private init(smallJSONURL: URL, kind: String, process: Process?, directory: URL?) {
        self.smallJSONURL = smallJSONURL
        self.kind = kind
        self.process = process
        self.directory = directory
    }

    deinit {
        if let directory,
            let text = try? String(contentsOf: directory.appendingPathComponent("nginx.pid"), encoding: .utf8),
            let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
        {
            kill(pid, SIGTERM)
        }
        process?.waitUntilExit()
    }

    /// Starts nginx if it is installed, else the demo API.
    static func start() async throws -> LoopbackServer {
        if FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx"), let server = try startNginx() {
            return server
        }
        let demo = try await DemoServer.start(host: "127.0.0.1", port: 0)
        return LoopbackServer(
            smallJSONURL: demo.baseURL.appendingPathComponent("users/1"), kind: "DemoAPI (in process)",
            process: nil, directory: nil)
    }

    /// The nginx configuration the measuring scripts use too, with `@WORK@` and `@PORT@` to fill.
    private static var nginxTemplate: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/lib/loopback-nginx.conf")
    }

    private static func startNginx() throws -> LoopbackServer? {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hammock-bench-nginx-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("html"), withIntermediateDirectories: true)
        try smallJSON.write(to: directory.appendingPathComponent("html/small.json"))
        let template = try String(contentsOf: nginxTemplate, encoding: .utf8)
        for attempt in 0..<20 {
            let port = 20_000 + Int(getpid() % 20_000) + attempt * 97
            let config = template.replacingOccurrences(of: "@WORK@", with: directory.path)
                .replacingOccurrences(of: "@PORT@", with: String(port))
            let configURL = directory.appendingPathComponent("nginx.conf")
            try config.write(to: configURL, atomically: true, encoding: .utf8)
            // nginx outlives a process that exits without running deinits (each benchmark runs
            // in one), so a shell watches this process and stops nginx when it is gone.
            let nginx = "/usr/sbin/nginx -p '\(directory.path)' -c '\(configURL.path)' -e '\(directory.path)/error.log'"
            let watchdog = """
                \(nginx) & server=$!
                while kill -0 \(getpid()) 2>/dev/null && kill -0 $server 2>/dev/null; do sleep 0.2; done
                kill $server 2>/dev/null; wait $server; rm -rf '\(directory.path)'
                """
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", watchdog]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let url = URL(string: "http://127.0.0.1:\(port)/small.json")!
            for _ in 0..<100 {
                if !process.isRunning { break }
                if canConnect(port: port) {
                    return LoopbackServer(smallJSONURL: url, kind: "nginx", process: process, directory: directory)
                }
                usleep(20_000)
            }
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        return nil
    }

    /// Whether a TCP connection to 127.0.0.1:`port` succeeds.
    private static func canConnect(port: Int) -> Bool {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { return false }
        defer { close(socketFD) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return result == 0
    }
}
