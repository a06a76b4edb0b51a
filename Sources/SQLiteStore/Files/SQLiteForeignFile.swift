import Foundation

/// Something at a database path that is not an SQLite database and must not be opened,
/// replaced or moved: it was most likely named by mistake.
package enum SQLiteForeignFile: Sendable, Hashable {
    /// A pipe, device or socket. Never opened: reading one could block or have side effects.
    case notRegularFile
    /// A non-empty regular file whose first bytes are not SQLite's header.
    case notSQLiteFile

    /// The 16 bytes every SQLite 3 database file starts with.
    package static let sqliteHeader = Array("SQLite format 3\u{0}".utf8)

    /// A clause for messages: `it is not a regular file`, `it is not an SQLite file`.
    package var reason: String {
        switch self {
        case .notRegularFile: return "it is not a regular file"
        case .notSQLiteFile: return "it is not an SQLite file"
        }
    }

    /// What is foreign about the file at `path` (symbolic links followed), or `nil` when
    /// nothing is: it does not exist, is a directory (SQLite and the opener report that), is
    /// empty, starts with SQLite's header, or cannot be read (opening it reports why).
    ///
    /// - Parameter checkingContent: With `false`, only the file type is checked: a regular file
    ///   is never foreign whatever its bytes.
    package static func check(atPath path: String, checkingContent: Bool = true) -> SQLiteForeignFile? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR { return nil }
        guard type == S_IFREG else { return .notRegularFile }
        guard checkingContent, let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let start = (try? handle.read(upToCount: sqliteHeader.count)) ?? Data()
        guard !start.isEmpty, Array(start) != sqliteHeader else { return nil }
        return .notSQLiteFile
    }
}
