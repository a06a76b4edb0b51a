import Foundation

/// A fresh directory under the system's temporary folder; call ``remove()`` (in a `defer`) to
/// delete it and everything in it.
struct TemporaryDirectory {
    /// The directory.
    let url: URL

    /// Creates a new, empty directory with a unique name.
    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("SiestaSQLiteTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A file URL inside the directory.
    func file(_ name: String) -> URL {
        url.appendingPathComponent(name, isDirectory: false)
    }

    /// The names of the files in the directory, sorted.
    func fileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    /// Deletes the directory and its contents.
    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
