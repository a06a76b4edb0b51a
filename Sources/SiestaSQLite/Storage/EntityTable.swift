import Foundation

/// The cache's one table, `entities`, and every statement that touches it.
///
/// Columns: `key` (primary key), `timestamp` (the entity's, seconds since the reference date),
/// `last_access` (seconds since the reference date, strictly increasing across the file so that
/// least-recently-used order has no ties), `size` (see ``StoredEntity/size``), `charset`,
/// `headers` (JSON text) and `content` (a blob). The small columns come first so that reading
/// them never walks a large blob's overflow pages.
///
/// All values are passed as bind parameters. Like its connection, a table is used only on the
/// owning cache's work queue.
struct EntityTable {
    /// The layout version kept in `PRAGMA user_version`; 0 means a new, empty file.
    static let formatVersion = 1

    /// The columns a usable `entities` table must have.
    static let columns: Set<String> = ["key", "timestamp", "last_access", "size", "charset", "headers", "content"]

    let connection: SQLiteConnection

    /// The next last-access value: now, or just after the latest one if the clock is behind it
    /// (another process's clock, or the clock stepping back), so a newer access always sorts
    /// later. `?1` is now.
    private static let nextAccess =
        "max(?1, coalesce((SELECT max(last_access) FROM entities), 0) + 0.000001)"

    // MARK: Schema

    /// Checks, without changing anything, that the file can hold this cache: its format
    /// version is not newer than ours and any existing `entities` table has our columns.
    ///
    /// - Throws: ``SQLiteEntityCacheError/incompatibleFile(path:reason:)`` when it cannot;
    ///   SQLite errors otherwise.
    func checkCompatibility() throws {
        let version = Int(try connection.strings("PRAGMA user_version").first ?? "0") ?? 0
        guard version <= Self.formatVersion else {
            throw SQLiteEntityCacheError.incompatibleFile(
                path: connection.path,
                reason: "its format version is \(version), this version reads up to \(Self.formatVersion)")
        }
        let found = Set(try connection.strings("SELECT name FROM pragma_table_info('entities')"))
        guard found.isEmpty || Self.columns.isSubset(of: found) else {
            throw SQLiteEntityCacheError.incompatibleFile(
                path: connection.path,
                reason: "its entities table lacks the columns \(Self.columns.subtracting(found).sorted())")
        }
    }

    /// Creates the table and its index if they are missing and records the format version.
    /// Safe when another process does the same at the same time.
    func createIfNeeded() throws {
        try connection.inWriteTransaction {
            try connection.execute(
                """
                CREATE TABLE IF NOT EXISTS entities (
                    key TEXT PRIMARY KEY NOT NULL,
                    timestamp REAL NOT NULL,
                    last_access REAL NOT NULL,
                    size INTEGER NOT NULL,
                    charset TEXT,
                    headers TEXT NOT NULL,
                    content BLOB NOT NULL
                )
                """)
            try connection.execute("CREATE INDEX IF NOT EXISTS entities_by_last_access ON entities (last_access)")
            try connection.execute("PRAGMA user_version = 1")
        }
    }

    // MARK: Entries

    /// Reads the entry for `key` and marks it as just used; `nil` when there is none.
    ///
    /// One `UPDATE … RETURNING` statement, so the read and the access time change together.
    func read(key: String, now: TimeInterval) throws -> StoredEntity? {
        try connection.withStatement(
            """
            UPDATE entities SET last_access = \(Self.nextAccess) WHERE key = ?2
            RETURNING charset, headers, timestamp, content
            """
        ) { statement in
            try statement.bind(now, at: 1)
            try statement.bind(key, at: 2)
            guard try statement.step() else { return nil }
            let entity = StoredEntity(
                key: key,
                content: statement.data(at: 3),
                headers: statement.string(at: 1) ?? "",
                charset: statement.string(at: 0),
                timestamp: statement.double(at: 2))
            try statement.run()
            return entity
        }
    }

    /// Stores `entity`, replacing any entry with its key, marks it as just used, then evicts
    /// least recently used entries until at most `maximumEntries` remain and their sizes add
    /// up to at most `maximumBytes`. All in one transaction: other processes see the write and
    /// the evictions together or not at all.
    ///
    /// An entity larger than `maximumBytes` on its own is not stored, and the older entry for
    /// its key (now outdated) is removed; other entries stay.
    func write(_ entity: StoredEntity, now: TimeInterval, maximumEntries: Int, maximumBytes: Int) throws {
        guard entity.size <= maximumBytes else {
            try remove(key: entity.key)
            return
        }
        try connection.inWriteTransaction {
            try connection.withStatement(
                """
                INSERT OR REPLACE INTO entities (last_access, key, timestamp, size, charset, headers, content)
                VALUES (\(Self.nextAccess), ?2, ?3, ?4, ?5, ?6, ?7)
                """
            ) { statement in
                try statement.bind(now, at: 1)
                try statement.bind(entity.key, at: 2)
                try statement.bind(entity.timestamp, at: 3)
                try statement.bind(entity.size, at: 4)
                try statement.bind(entity.charset, at: 5)
                try statement.bind(entity.headers, at: 6)
                try statement.bind(entity.content, at: 7)
                try statement.run()
            }
            try evict(maximumEntries: maximumEntries, maximumBytes: maximumBytes)
        }
    }

    /// Deletes, oldest access first, every entry beyond the newest `maximumEntries` and every
    /// entry at which the running total of sizes (newest first) passes `maximumBytes`.
    private func evict(maximumEntries: Int, maximumBytes: Int) throws {
        try connection.withStatement(
            """
            DELETE FROM entities WHERE key IN (
                SELECT key FROM (
                    SELECT key,
                        row_number() OVER newest_first AS position,
                        sum(size) OVER newest_first AS running_size
                    FROM entities
                    WINDOW newest_first AS (ORDER BY last_access DESC, key ROWS UNBOUNDED PRECEDING)
                )
                WHERE position > ?1 OR running_size > ?2
            )
            """
        ) { statement in
            try statement.bind(maximumEntries, at: 1)
            try statement.bind(maximumBytes, at: 2)
            try statement.run()
        }
    }

    /// Sets the timestamp of the entry for `key`, if there is one, and marks it as just used.
    func updateTimestamp(_ timestamp: TimeInterval, key: String, now: TimeInterval) throws {
        try connection.withStatement(
            "UPDATE entities SET last_access = \(Self.nextAccess), timestamp = ?2 WHERE key = ?3"
        ) { statement in
            try statement.bind(now, at: 1)
            try statement.bind(timestamp, at: 2)
            try statement.bind(key, at: 3)
            try statement.run()
        }
    }

    /// Deletes the entry for `key`, if any.
    func remove(key: String) throws {
        try connection.withStatement("DELETE FROM entities WHERE key = ?1") { statement in
            try statement.bind(key, at: 1)
            try statement.run()
        }
    }

    /// Deletes every entry.
    func removeAll() throws {
        try connection.execute("DELETE FROM entities")
    }

    /// The number of entries and the sum of their sizes.
    func usage() throws -> (entries: Int, bytes: Int) {
        try connection.withStatement("SELECT count(*), coalesce(sum(size), 0) FROM entities") { statement in
            guard try statement.step() else { return (0, 0) }
            let result = (statement.int(at: 0), statement.int(at: 1))
            try statement.run()
            return result
        }
    }

    /// The keys from most to least recently used.
    func keysByRecentUse() throws -> [String] {
        try connection.strings("SELECT key FROM entities ORDER BY last_access DESC, key")
    }
}
