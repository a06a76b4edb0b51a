import Foundation
import SQLiteStore

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

    let connection: BlockingSQLiteConnection

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
        if let reason = try connection.layoutIncompatibility(
            formatVersion: Self.formatVersion, table: "entities", columns: Self.columns)
        {
            throw SQLiteEntityCacheError.incompatibleFile(path: connection.path, reason: reason)
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
            try connection.setUserVersion(Self.formatVersion)
        }
    }

    // MARK: Entries

    /// Reads the entry for `key` and marks it as just used; `nil` when there is none.
    ///
    /// One `UPDATE … RETURNING` statement, so the read and the access time change together.
    func read(key: String, now: TimeInterval) throws -> StoredEntity? {
        let rows = try connection.query(
            """
            UPDATE entities SET last_access = \(Self.nextAccess) WHERE key = ?2
            RETURNING charset, headers, timestamp, content
            """,
            [.real(now), .text(key)])
        guard let row = rows.first else { return nil }
        return StoredEntity(
            key: key,
            content: row.data(3) ?? Data(),
            headers: row.string(1) ?? "",
            charset: row.string(0),
            timestamp: row.double(2) ?? 0)
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
            try connection.execute(
                """
                INSERT OR REPLACE INTO entities (last_access, key, timestamp, size, charset, headers, content)
                VALUES (\(Self.nextAccess), ?2, ?3, ?4, ?5, ?6, ?7)
                """,
                [
                    .real(now), .text(entity.key), .real(entity.timestamp), SQLiteValue(entity.size),
                    SQLiteValue(entity.charset), .text(entity.headers), .blob(entity.content),
                ])
            try evict(maximumEntries: maximumEntries, maximumBytes: maximumBytes)
        }
    }

    /// Deletes, oldest access first, every entry beyond the newest `maximumEntries` and every
    /// entry at which the running total of sizes (newest first) passes `maximumBytes`.
    private func evict(maximumEntries: Int, maximumBytes: Int) throws {
        try connection.execute(
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
            """,
            [SQLiteValue(maximumEntries), SQLiteValue(maximumBytes)])
    }

    /// Sets the timestamp of the entry for `key`, if there is one, and marks it as just used.
    func updateTimestamp(_ timestamp: TimeInterval, key: String, now: TimeInterval) throws {
        try connection.execute(
            "UPDATE entities SET last_access = \(Self.nextAccess), timestamp = ?2 WHERE key = ?3",
            [.real(now), .real(timestamp), .text(key)])
    }

    /// Deletes the entry for `key`, if any.
    func remove(key: String) throws {
        try connection.execute("DELETE FROM entities WHERE key = ?1", [.text(key)])
    }

    /// Deletes every entry.
    func removeAll() throws {
        try connection.execute("DELETE FROM entities")
    }

    /// The number of entries and the sum of their sizes.
    func usage() throws -> (entries: Int, bytes: Int) {
        let row = try connection.query("SELECT count(*), coalesce(sum(size), 0) FROM entities").first
        return (row?.int(0) ?? 0, row?.int(1) ?? 0)
    }

    /// The keys from most to least recently used.
    func keysByRecentUse() throws -> [String] {
        try connection.strings("SELECT key FROM entities ORDER BY last_access DESC, key")
    }
}
