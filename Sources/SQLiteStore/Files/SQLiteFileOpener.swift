import Foundation

/// Opens a store's SQLite file: checks the location, creates missing folders, refuses what is
/// not a database file, and replaces a damaged file with an empty one, saying so.
///
/// The rules, in order:
/// 1. A path that is not a file URL, that names a directory, whose folder is a file, whose
///    folder cannot be created or is not writable, or a file that cannot be read or written is
///    an error (``SQLiteStoreError/cannotOpen(path:reason:)``); nothing is touched.
/// 2. A pipe, device or socket at the path is never opened
///    (``SQLiteStoreError/foreignFile(path:kind:)``). With ``ForeignFilePolicy/refuse`` (for a
///    path a person named), neither is a non-empty regular file that does not start with
///    SQLite's header: it was most likely given by mistake and is left alone.
/// 3. A file SQLite reports as not a database or damaged (`SQLITE_NOTADB`, `SQLITE_CORRUPT`, or
///    `PRAGMA quick_check` finding problems) is moved aside, with its `-wal` and `-shm` files,
///    to `<name>.corrupt-<UTC time>` (`-2`, `-3`… added if taken), and an empty file is created
///    in its place. ``Opened/recoveryNote`` says so in a sentence.
/// 4. Errors thrown by the caller's `checkCompatibility` (for example a sound database of a
///    newer layout) pass through untouched, and the file is not changed.
///
/// The connection comes back in WAL mode with `synchronous = NORMAL` and the busy timeout set,
/// after the caller's `prepare` ran (typically creating tables). Like the connection, the opener
/// blocks: call it on the store's own serial queue.
package enum SQLiteFileOpener {
    /// What to do with a regular file that does not start with SQLite's header.
    package enum ForeignFilePolicy: Sendable {
        /// Treat it as a damaged file: move it aside and start empty. Right for a store's
        /// default path, where any file is the store's own.
        case moveAside
        /// Leave it alone and throw ``SQLiteStoreError/foreignFile(path:kind:)``. Right for a
        /// path a person gave, which may name one of their files by mistake.
        case refuse
    }

    /// An open, checked connection, and what had to be done to get it.
    package struct Opened {
        /// The connection, in WAL mode, prepared by the caller.
        package let connection: BlockingSQLiteConnection
        /// A sentence saying the file was not usable, where it went, and that the store starts
        /// empty; `nil` when the file opened as it was (including a new file).
        package let recoveryNote: String?
        /// Where the damaged file was moved, or `nil`.
        package let movedAsideURL: URL?
    }

    /// The file is not a usable database; `reason` says how SQLite saw it.
    private struct DamagedFile: Error {
        let reason: String
    }

    /// Opens the file at `fileURL` by the rules above.
    ///
    /// - Parameters:
    ///   - fileURL: The database file.
    ///   - fileDescription: What the file is, for the recovery note (`entity cache`,
    ///     `history`): "The history file … was not a usable database …".
    ///   - foreignFiles: What to do with a regular file that is not SQLite.
    ///   - busyTimeoutMilliseconds: How long statements wait for another process's lock.
    ///   - now: The time for the moved file's name.
    ///   - checkCompatibility: Runs first on a sound file, before anything changes it; throw to
    ///     refuse the file (the error passes through, the file stays as it was).
    ///   - prepare: Runs after WAL mode is on; create tables and indexes here.
    /// - Throws: ``SQLiteStoreError`` as described above, or what the closures throw.
    package static func open(
        fileURL: URL,
        fileDescription: String,
        foreignFiles: ForeignFilePolicy = .moveAside,
        busyTimeoutMilliseconds: Int = BlockingSQLiteConnection.defaultBusyTimeoutMilliseconds,
        now: Date = Date(),
        checkCompatibility: (BlockingSQLiteConnection) throws -> Void = { _ in },
        prepare: (BlockingSQLiteConnection) throws -> Void
    ) throws -> Opened {
        let path = try SQLiteFileLocation.prepare(fileURL)
        if let kind = SQLiteForeignFile.check(atPath: path, checkingContent: foreignFiles == .refuse) {
            throw SQLiteStoreError.foreignFile(path: path, kind: kind)
        }
        try SQLiteFileLocation.checkAccess(path)
        func openChecked() throws -> BlockingSQLiteConnection {
            try Self.openChecked(
                path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds,
                checkCompatibility: checkCompatibility, prepare: prepare)
        }
        do {
            return Opened(connection: try openChecked(), recoveryNote: nil, movedAsideURL: nil)
        } catch let damage as DamagedFile {
            let movedURL = try moveAside(path, now: now)
            let connection: BlockingSQLiteConnection
            do {
                connection = try openChecked()
            } catch let second as DamagedFile {
                throw SQLiteStoreError.cannotOpen(
                    path: path, reason: "a new file in its place is not usable either (\(second.reason))")
            }
            let note =
                "The \(fileDescription) file \(path) was not a usable database (\(damage.reason)); "
                + "it was moved to \(movedURL.path) and a new, empty \(fileDescription) file was created."
            return Opened(connection: connection, recoveryNote: note, movedAsideURL: movedURL)
        }
    }

    /// Opens the file, checks it with `PRAGMA quick_check` and the caller's check (before
    /// changing anything), then switches it to WAL mode and lets the caller prepare it.
    ///
    /// - Throws: ``DamagedFile`` when the file is not a database or is damaged; the connection
    ///   is closed by then. Any other failure as thrown.
    private static func openChecked(
        path: String, busyTimeoutMilliseconds: Int,
        checkCompatibility: (BlockingSQLiteConnection) throws -> Void,
        prepare: (BlockingSQLiteConnection) throws -> Void
    ) throws -> BlockingSQLiteConnection {
        let connection = try BlockingSQLiteConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        do {
            let problems = try connection.quickCheck()
            guard problems.isEmpty else {
                throw DamagedFile(reason: "quick_check: " + problems.prefix(3).joined(separator: "; "))
            }
            try checkCompatibility(connection)
            try connection.enableWriteAheadLogging()
            try prepare(connection)
            return connection
        } catch let error as SQLiteStoreError where error.meansDamagedFile {
            try? connection.close()
            if case .sqlite(_, _, let message) = error { throw DamagedFile(reason: message) }
            throw DamagedFile(reason: error.description)
        } catch {
            try? connection.close()
            throw error
        }
    }

    /// Moves the damaged file (and its `-wal` and `-shm` companions, first, so they can never
    /// be applied to the new file) to `<path>.corrupt-<UTC time>`, adding `-2`, `-3`… if that
    /// name is taken. Returns the new location of the main file.
    private static func moveAside(_ path: String, now: Date) throws -> URL {
        let manager = FileManager.default
        let stamp = timestampSuffix(for: now)
        var target = "\(path).corrupt-\(stamp)"
        var attempt = 1
        while [target, target + "-wal", target + "-shm"].contains(where: manager.fileExists(atPath:)) {
            attempt += 1
            target = "\(path).corrupt-\(stamp)-\(attempt)"
        }
        do {
            for companion in ["-wal", "-shm"] where manager.fileExists(atPath: path + companion) {
                try manager.moveItem(atPath: path + companion, toPath: target + companion)
            }
            try manager.moveItem(atPath: path, toPath: target)
        } catch {
            throw SQLiteStoreError.cannotMoveAside(path: path, reason: error.localizedDescription)
        }
        return URL(fileURLWithPath: target)
    }

    /// `yyyyMMdd'T'HHmmss'Z'` in UTC.
    static func timestampSuffix(for date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        let day = "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))"
        return "\(day)T\(two(parts.hour))\(two(parts.minute))\(two(parts.second))Z"
    }
}
