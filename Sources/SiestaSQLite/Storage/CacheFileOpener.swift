import Foundation

/// Opens a cache file, checks it, and replaces it when it is not a usable database.
///
/// The rules, in order:
/// 1. A path that is not a file URL, that names a directory, or whose folder cannot be created
///    is an error (``SQLiteEntityCacheError/cannotOpen(path:reason:)``); nothing is touched.
/// 2. A file SQLite cannot open (permissions, read-only) is an error; nothing is touched.
/// 3. A file SQLite opens but reports as not a database or damaged (`SQLITE_NOTADB`,
///    `SQLITE_CORRUPT`, or `PRAGMA quick_check` finding problems) is moved aside, with its
///    `-wal` and `-shm` files, to `<name>.corrupt-<UTC time>`, and a new file is created. The
///    move is reported in ``Opened/recoveryNote``.
/// 4. A sound database of another format version is an error; nothing is touched.
///
/// Runs on the cache's work queue, like everything else that touches the connection.
enum CacheFileOpener {
    /// An open, checked connection, and what had to be done to get it.
    struct Opened {
        /// The connection, in WAL mode, with the table in place.
        let connection: SQLiteConnection
        /// A sentence describing a recovery, or `nil` when the file opened as it was.
        let recoveryNote: String?
        /// Where the damaged file went, or `nil`.
        let movedAsideURL: URL?
    }

    /// The file is not a usable database; `reason` says how SQLite saw it.
    private struct DamagedFile: Error {
        let reason: String
    }

    /// Opens the cache file at `fileURL`, recovering from a damaged file as described above.
    static func open(fileURL: URL, now: Date) throws -> Opened {
        let path = try checkLocation(of: fileURL)
        do {
            return Opened(connection: try openChecked(path: path), recoveryNote: nil, movedAsideURL: nil)
        } catch let damage as DamagedFile {
            let movedURL = try moveAside(fileURL, now: now)
            let connection: SQLiteConnection
            do {
                connection = try openChecked(path: path)
            } catch let second as DamagedFile {
                throw SQLiteEntityCacheError.cannotOpen(
                    path: path, reason: "a new file in its place is not usable either (\(second.reason))")
            }
            let note =
                "The entity cache file \(path) was not a usable database (\(damage.reason)); "
                + "it was moved to \(movedURL.path) and a new, empty cache file was created."
            return Opened(connection: connection, recoveryNote: note, movedAsideURL: movedURL)
        }
    }

    /// The file's path after checking that it can be a file: not a directory, in a folder that
    /// exists or can be created.
    private static func checkLocation(of fileURL: URL) throws -> String {
        guard fileURL.isFileURL else {
            throw SQLiteEntityCacheError.cannotOpen(path: fileURL.absoluteString, reason: "it is not a file URL")
        }
        let path = fileURL.standardizedFileURL.path
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw SQLiteEntityCacheError.cannotOpen(path: path, reason: "it is a directory")
        }
        let folder = fileURL.standardizedFileURL.deletingLastPathComponent().path
        if manager.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw SQLiteEntityCacheError.cannotOpen(path: path, reason: "\(folder) is not a directory")
            }
        } else {
            do {
                try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw SQLiteEntityCacheError.cannotOpen(
                    path: path, reason: "its folder cannot be created (\(error.localizedDescription))")
            }
        }
        return path
    }

    /// Opens the file, checks it with `PRAGMA quick_check` and for a compatible layout (before
    /// changing anything), then switches it to WAL mode and creates the table if needed.
    ///
    /// - Throws: ``DamagedFile`` when the file is not a database or is damaged; the connection
    ///   is closed by then. Any other failure as a ``SQLiteEntityCacheError``.
    private static func openChecked(path: String) throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path)
        do {
            let problems = try connection.strings("PRAGMA quick_check")
            guard problems == ["ok"] else {
                throw DamagedFile(reason: "quick_check: " + problems.prefix(3).joined(separator: "; "))
            }
            let table = EntityTable(connection: connection)
            try table.checkCompatibility()
            let mode = try connection.strings("PRAGMA journal_mode = WAL")
            guard mode == ["wal"] else {
                throw SQLiteEntityCacheError.cannotOpen(
                    path: path, reason: "it cannot use write-ahead logging (journal mode stays \(mode.first ?? "?"))")
            }
            try connection.execute("PRAGMA synchronous = NORMAL")
            try table.createIfNeeded()
            return connection
        } catch let error as SQLiteEntityCacheError where error.meansDamagedFile {
            throw DamagedFile(reason: damageReason(error))
        }
    }

    private static func damageReason(_ error: SQLiteEntityCacheError) -> String {
        if case .sqlite(_, _, let message) = error { return message }
        return error.description
    }

    /// Moves the damaged file (and its `-wal` and `-shm` companions, first, so they can never
    /// be applied to the new file) to `<name>.corrupt-<UTC time>`, adding `-2`, `-3`… if that
    /// name is taken. Returns the new location of the main file.
    private static func moveAside(_ fileURL: URL, now: Date) throws -> URL {
        let manager = FileManager.default
        let path = fileURL.standardizedFileURL.path
        var target = "\(path).corrupt-\(timestampSuffix(for: now))"
        var attempt = 1
        while [target, target + "-wal", target + "-shm"].contains(where: manager.fileExists(atPath:)) {
            attempt += 1
            target = "\(path).corrupt-\(timestampSuffix(for: now))-\(attempt)"
        }
        do {
            for companion in ["-wal", "-shm"] where manager.fileExists(atPath: path + companion) {
                try manager.moveItem(atPath: path + companion, toPath: target + companion)
            }
            try manager.moveItem(atPath: path, toPath: target)
        } catch {
            throw SQLiteEntityCacheError.cannotMoveAside(path: path, reason: error.localizedDescription)
        }
        return URL(fileURLWithPath: target)
    }

    /// `yyyyMMdd'T'HHmmss'Z'` in UTC.
    private static func timestampSuffix(for date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        return
            "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))T\(two(parts.hour))\(two(parts.minute))\(two(parts.second))Z"
    }
}
