import Foundation

@testable import Workspace

/// The description files under `Fixtures/` beside this file, and temporary folders for
/// descriptions written by a test.
enum OpenAPIFixtures {
    /// The fixtures folder, found from this source file's path.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// A fixture's bytes.
    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    /// A fixture read from its file URL, `$ref`d files loaded from disk.
    static func description(_ name: String) throws -> APIDescription {
        let url = folder.appendingPathComponent(name)
        return try APIDescription.parse(try Data(contentsOf: url), sourceURL: url) { try Data(contentsOf: $0) }
    }

    /// A fixture read as if served at `https://docs.bookshop.example/specs/<name>`: `$ref`d
    /// files under that URL are the fixtures of the same relative path; any other URL fails.
    static func served(_ name: String) throws -> APIDescription {
        let base = "https://docs.bookshop.example/specs/"
        return try APIDescription.parse(try data(name), sourceURL: URL(string: base + name)!) { url in
            let text = url.absoluteString
            guard text.hasPrefix(base) else { throw URLError(.fileDoesNotExist) }
            return try data(String(text.dropFirst(base.count)))
        }
    }

    /// A new empty folder under the temporary directory, with `files` (relative path → text)
    /// written into it.
    static func temporaryFolder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "openapi-tests-" + UUID().uuidString, isDirectory: true)
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    /// Reading fails for every URL.
    static func noFiles(_ url: URL) throws -> Data {
        throw URLError(.fileDoesNotExist)
    }
}
