import Foundation

/// The desktop's clipboard through its command-line tool (`wl-copy` under Wayland, `xclip` or
/// `xsel` under X11, `pbcopy` on macOS), when one is installed and a display is there. Only a
/// tool that exits with success counts as copied; a terminal's OSC 52 clipboard gives no answer.
/// It blocks while the tool runs (two seconds at most): call it off the main actor.
enum SystemClipboard {
    /// Copies `text`; returns the tool's name when it confirmed, nil when no tool could.
    static func copy(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        var candidates: [(String, [String])] = []
        if !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty { candidates.append(("wl-copy", [])) }
        if !(environment["DISPLAY"] ?? "").isEmpty {
            candidates.append(("xclip", ["-selection", "clipboard"]))
            candidates.append(("xsel", ["--clipboard", "--input"]))
        }
        #if os(macOS)
            candidates.append(("pbcopy", []))
        #endif
        let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for (tool, arguments) in candidates {
            guard let executable = path.map({ $0 + "/" + tool }).first(where: FileManager.default.isExecutableFile)
            else { continue }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            let input = Pipe()
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do {
                try process.run()
                // A tool that exits early (no display answering) must not stop hammock: the write
                // throws rather than trapping (SIGPIPE is ignored process-wide), and a tool that
                // hangs is stopped after two seconds.
                try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
                try? input.fileHandleForWriting.close()
                let deadline = Date().addingTimeInterval(2)
                while process.isRunning, Date() < deadline { usleep(10_000) }
                if process.isRunning {
                    process.terminate()
                    continue
                }
                if process.terminationStatus == 0 { return tool }
            } catch {
                continue
            }
        }
        return nil
    }
}
