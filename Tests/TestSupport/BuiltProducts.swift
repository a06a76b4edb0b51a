import Foundation

/// Finds executables built by this package: in the folder of the running test binary (SwiftPM
/// puts every product of a build there, debug or release, whatever the scratch path), else in
/// the folder `swift build --show-bin-path` names. `HAMMOCK_BIN_PATH` overrides both.
public enum BuiltProducts {
    /// The folder holding the built products.
    public static let binPath: String = {
        if let path = ProcessInfo.processInfo.environment["HAMMOCK_BIN_PATH"], !path.isEmpty {
            return path
        }
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
            // A test bundle's binary may sit inside `<name>.xctest/…`.
            while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
            if FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("hammock").path) {
                return folder.path
            }
        }
        return showBinPath() ?? ".build/debug"
    }()

    /// The path of the product `name` (it may not exist if it was not built).
    public static func path(of name: String) -> String {
        URL(fileURLWithPath: binPath).appendingPathComponent(name).path
    }

    /// Asks SwiftPM, from the package root, where it puts products.
    private static func showBinPath() -> String? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--show-bin-path"]
        process.currentDirectoryURL = root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && !path.isEmpty ? path : nil
    }
}
