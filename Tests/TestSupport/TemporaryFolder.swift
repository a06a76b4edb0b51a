import Foundation

/// A fresh folder under the system's temporary directory, removed with everything in it when
/// the value is released.
public final class TemporaryFolder {
    /// The folder's absolute path.
    public let path: String

    /// Creates an empty folder named `<prefix>-<UUID>`.
    public init(prefix: String = "hammock-test") throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The folder as a file URL.
    public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    /// The file URL of `name` inside the folder.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name, isDirectory: false) }

    /// The names of the files in the folder, sorted.
    public func fileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// Deletes the folder and its contents now (and keeps the value alive until then: use it in
    /// a `defer` while the folder's files are open).
    public func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// The path of `relativePath` inside the folder.
    public func path(_ relativePath: String) -> String { path + "/" + relativePath }

    /// Writes `text` to `relativePath`, creating the folders on the way; returns the file's path.
    @discardableResult
    public func write(_ relativePath: String, _ text: String) throws -> String {
        let file = path(relativePath)
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: file).deletingLastPathComponent().path, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }
}
