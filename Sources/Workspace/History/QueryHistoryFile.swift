import Foundation

/// The JSONPath expressions given in the browser's query pane, kept across runs per API origin
/// (`http://localhost:8080`), in a small JSON file beside the request history.
///
/// ```json
/// {
///   "format": "hammock query history",
///   "version": 1,
///   "origins": [
///     { "origin": "http://localhost:8080", "expressions": ["$..id", "$[?@.active == true].email"] }
///   ]
/// }
/// ```
///
/// Expressions are oldest first, at most ``maximumPerOrigin`` per origin; origins are least
/// recently used first, at most ``maximumOrigins``. ``remember(_:origin:)`` reads the file again
/// before writing it (whole, through a temporary file renamed over it), so two browsers running
/// at once both keep theirs, bar a write racing another. A file that cannot be read as this
/// format is never overwritten: ``load()`` and ``remember(_:origin:)`` throw
/// ``QueryHistoryFileError`` naming it, and it stays as it was.
///
/// An actor: every read and write runs off the caller's thread, one at a time.
public actor QueryHistoryFile {
    /// The most expressions kept per origin.
    public static let maximumPerOrigin = 100
    /// The most origins kept.
    public static let maximumOrigins = 200
    /// The longest expression kept, in UTF-8 bytes (a longer one is not kept).
    public static let maximumExpressionBytes = 4096
    /// The largest file read, in bytes.
    public static let maximumFileBytes = 8 * 1024 * 1024

    /// The file.
    public let fileURL: URL

    /// A history kept in `fileURL` (created by the first ``remember(_:origin:)``).
    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// The file beside history file `historyURL`: its name with `.queries.json` for its extension
    /// (`history.sqlite` → `history.queries.json`).
    public static func fileURL(besideHistory historyURL: URL) -> URL {
        historyURL.deletingPathExtension().appendingPathExtension("queries.json")
    }

    /// The expressions of every origin, oldest first; empty when there is no file yet.
    ///
    /// - Throws: ``QueryHistoryFileError`` when the file exists but cannot be read or is not
    ///   this format.
    public func load() throws(QueryHistoryFileError) -> [String: [String]] {
        Dictionary(try read().map { ($0.origin, $0.expressions) }) { first, _ in first }
    }

    /// Adds `expression` as the newest of `origin` (moving it there when it was kept already)
    /// and writes the file.
    ///
    /// - Throws: ``QueryHistoryFileError`` when the file cannot be read (it is then left as it
    ///   was) or written.
    public func remember(_ expression: String, origin: String) throws(QueryHistoryFileError) {
        guard !expression.isEmpty, expression.utf8.count <= Self.maximumExpressionBytes else { return }
        var origins = try read()
        var kept = origins.first { $0.origin == origin }?.expressions ?? []
        origins.removeAll { $0.origin == origin }
        kept.removeAll { $0 == expression }
        kept.append(expression)
        origins.append(Origin(origin: origin, expressions: Array(kept.suffix(Self.maximumPerOrigin))))
        origins = Array(origins.suffix(Self.maximumOrigins))
        try write(origins)
    }

    // MARK: the file

    /// The file's layout.
    private struct Contents: Codable {
        var format: String
        var version: Int
        var origins: [Origin]
    }

    /// One origin's expressions.
    private struct Origin: Codable {
        var origin: String
        var expressions: [String]
    }

    private static let format = "hammock query history"

    private func read() throws(QueryHistoryFileError) -> [Origin] {
        let path = fileURL.path
        let data: Data
        do {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            if let size = attributes?[.size] as? Int, size > Self.maximumFileBytes {
                throw QueryHistoryFileError.unreadable(
                    path: path, reason: "it is \(size) bytes, more than a query history can be")
            }
            data = try Data(contentsOf: fileURL)
        } catch let error as QueryHistoryFileError {
            throw error
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return []
        } catch {
            if !FileManager.default.fileExists(atPath: path) { return [] }
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        let contents: Contents
        do {
            contents = try JSONDecoder().decode(Contents.self, from: data)
        } catch {
            throw .unreadable(path: path, reason: "it is not a query history file (\(Self.describe(error)))")
        }
        guard contents.format == Self.format, contents.version == 1 else {
            throw .unreadable(
                path: path,
                reason:
                    "it is format \"\(contents.format)\" version \(contents.version), not \"\(Self.format)\" version 1")
        }
        return contents.origins
    }

    private func write(_ origins: [Origin]) throws(QueryHistoryFileError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            let data = try encoder.encode(Contents(format: Self.format, version: 1, origins: origins))
            try data.write(to: fileURL, options: .atomic)
        } catch {
            throw .unwritable(path: fileURL.path, reason: error.localizedDescription)
        }
    }

    /// A decoding error in a few words: what was wrong and where.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        switch error {
        case .dataCorrupted(let context): return "not JSON: " + context.debugDescription
        case .keyNotFound(let key, _): return "no \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return "wrong type at \(path.isEmpty ? "the top" : path)"
        @unknown default: return String(describing: error)
        }
    }
}
