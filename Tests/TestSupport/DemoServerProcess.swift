import Foundation

/// The demo API served by a `hammock --serve-demo 0` process of its own.
///
/// For end-to-end tests whose server must answer within a fixed time (a WebSocket's opening
/// handshake, say) however busy the test process is: the demo server in the test process answers
/// on the test process's threads, which CPU-heavy tests running beside it may hold for seconds.
public final class DemoServerProcess: @unchecked Sendable {
    /// Why a server process did not start.
    public struct StartFailure: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// The server's base URL, e.g. `http://127.0.0.1:40123/`.
    public let baseURL: URL
    /// The server's port.
    public var port: Int { baseURL.port ?? 0 }

    private let process: Process

    /// Starts the server and waits until it printed its URL.
    public init(binary: String = TmuxSession.binaryPath) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--serve-demo", "0"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var printed = Data()
        while !printed.contains(UInt8(ascii: "\n")) {
            let more = output.fileHandleForReading.availableData
            guard !more.isEmpty else {
                process.waitUntilExit()
                throw StartFailure(
                    description: "hammock --serve-demo 0 exited (status \(process.terminationStatus)) without a URL")
            }
            printed.append(more)
        }
        let line = String(decoding: printed, as: UTF8.self)
        guard let start = line.range(of: "http://"),
            let url = URL(string: String(line[start.lowerBound...].prefix { !$0.isWhitespace })), url.port != nil
        else {
            process.terminate()
            process.waitUntilExit()
            throw StartFailure(description: "hammock --serve-demo 0 printed no URL: \(line)")
        }
        self.process = process
        baseURL = url
    }

    /// Stops the server and waits for its process to end.
    public func stop() {
        if process.isRunning {
            process.terminate()
        }
        process.waitUntilExit()
    }

    deinit {
        stop()
    }
}
