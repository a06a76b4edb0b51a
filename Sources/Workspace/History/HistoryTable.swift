import Foundation
import SQLiteStore

/// The history's two tables and every statement that touches them.
///
/// `entries` holds one row per request: the small columns, the request body, and the
/// bookkeeping (`last_used`, `stored_size`, `search_text`). `bodies` holds the response bodies,
/// keyed by entry id, so listing never reads them; a trigger deletes an entry's body with the
/// entry. `usage` is one row with the number of entries and the sum of their stored sizes,
/// kept by triggers, so checking the limits costs nothing however full the file is. Times are
/// seconds since 1970. `last_used` strictly increases across the file, so
/// least-recently-used order has no ties. `stored_size` is the entry's request body plus its
/// kept response body: what the byte limit counts. `search_text` is the lower-cased method,
/// URL, status text and error message that the filter searches.
///
/// Like its connection, a table is used only on its store's queue.
struct HistoryTable {
    /// The layout version kept in `PRAGMA user_version`; 0 means a new file.
    static let formatVersion = 1

    /// The columns a usable `entries` table must have.
    static let requiredColumns: Set<String> = [
        "id", "date", "last_used", "method", "url", "request_headers", "request_body", "status_code",
        "reason_phrase", "http_version", "response_headers", "redirects", "final_url", "time_to_first_byte",
        "total_time", "wire_size", "body_size", "content_type", "error_message", "has_body", "body_dropped",
        "request_body_dropped", "stored_size", "search_text",
    ]

    /// The columns an entry is read from, in the order ``entry(from:)`` expects.
    private static let entryColumns = """
        id, date, last_used, method, url, request_headers, request_body, status_code, reason_phrase,
        http_version, response_headers, redirects, final_url, time_to_first_byte, total_time, wire_size,
        body_size, content_type, error_message, has_body, body_dropped, request_body_dropped
        """

    /// The next `last_used` value: now (`?1`), or just after the latest one if the clock is
    /// behind it.
    private static let nextUse = "max(?1, coalesce((SELECT max(last_used) FROM entries), 0) + 0.000001)"

    let connection: BlockingSQLiteConnection

    // MARK: Schema

    /// Checks, without changing anything, that the file can hold a history: its layout version
    /// is not newer than ours and any `entries` table has our columns.
    ///
    /// - Throws: ``HistoryStoreError/incompatibleFile(path:reason:)`` when it cannot.
    func checkCompatibility() throws {
        if let reason = try connection.layoutIncompatibility(
            formatVersion: Self.formatVersion, table: "entries", columns: Self.requiredColumns)
        {
            throw HistoryStoreError.incompatibleFile(path: connection.path, reason: reason)
        }
    }

    /// Creates the tables, indexes and trigger when missing and records the layout version.
    func createIfNeeded() throws {
        try connection.inWriteTransaction {
            try connection.execute(
                """
                CREATE TABLE IF NOT EXISTS entries (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    date REAL NOT NULL,
                    last_used REAL NOT NULL,
                    method TEXT NOT NULL,
                    url TEXT NOT NULL,
                    status_code INTEGER,
                    reason_phrase TEXT,
                    http_version TEXT,
                    final_url TEXT,
                    time_to_first_byte REAL,
                    total_time REAL NOT NULL,
                    wire_size INTEGER,
                    body_size INTEGER NOT NULL,
                    content_type TEXT,
                    error_message TEXT,
                    has_body INTEGER NOT NULL,
                    body_dropped INTEGER NOT NULL,
                    request_body_dropped INTEGER NOT NULL,
                    stored_size INTEGER NOT NULL,
                    search_text TEXT NOT NULL,
                    request_headers TEXT NOT NULL,
                    response_headers TEXT NOT NULL,
                    redirects TEXT NOT NULL,
                    request_body BLOB
                )
                """)
            try connection.execute(
                """
                CREATE TABLE IF NOT EXISTS bodies (
                    entry_id INTEGER PRIMARY KEY NOT NULL,
                    body BLOB NOT NULL
                )
                """)
            try connection.execute(
                """
                CREATE TRIGGER IF NOT EXISTS entries_delete_body AFTER DELETE ON entries
                BEGIN DELETE FROM bodies WHERE entry_id = old.id; END
                """)
            try connection.execute(
                """
                CREATE TABLE IF NOT EXISTS usage (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    entries INTEGER NOT NULL,
                    bytes INTEGER NOT NULL
                )
                """)
            try connection.execute(
                """
                INSERT OR IGNORE INTO usage (id, entries, bytes)
                SELECT 1, count(*), coalesce(sum(stored_size), 0) FROM entries
                """)
            try connection.execute(
                """
                CREATE TRIGGER IF NOT EXISTS entries_count_insert AFTER INSERT ON entries
                BEGIN UPDATE usage SET entries = entries + 1, bytes = bytes + new.stored_size WHERE id = 1; END
                """)
            try connection.execute(
                """
                CREATE TRIGGER IF NOT EXISTS entries_count_delete AFTER DELETE ON entries
                BEGIN UPDATE usage SET entries = entries - 1, bytes = bytes - old.stored_size WHERE id = 1; END
                """)
            try connection.execute("CREATE INDEX IF NOT EXISTS entries_by_last_used ON entries (last_used)")
            try connection.execute("CREATE INDEX IF NOT EXISTS entries_by_date ON entries (date, id)")
            try connection.setUserVersion(Self.formatVersion)
        }
    }

    // MARK: Writing

    /// Inserts `exchange` (already masked, bodies already trimmed to the limit) with its
    /// `body` in the bodies table, then evicts least recently used entries until at most
    /// `maximumEntries` remain and their stored sizes add up to at most `maximumBodyBytes`.
    /// One transaction. Returns the new entry as stored.
    ///
    /// Every optional field is stored as given (nil as NULL, an empty string as an empty
    /// string); the redirects as `[{"url":…,"statusCode":…}]`, without their headers.
    func insert(
        _ exchange: Exchange, bodyDropped: Bool, requestBodyDropped: Bool, now: Date,
        maximumEntries: Int, maximumBodyBytes: Int
    ) throws -> HistoryEntry {
        let storedSize = (exchange.requestBody?.count ?? 0) + (exchange.body?.count ?? 0)
        let statusText = [exchange.statusCode.map(String.init), exchange.reasonPhrase].compactMap { $0 }
            .joined(separator: " ")
        let searchText = [exchange.method, exchange.url, statusText, exchange.errorMessage ?? ""]
            .joined(separator: "\n").lowercased()
        return try connection.inWriteTransaction {
            let rows = try connection.query(
                """
                INSERT INTO entries (
                    last_used, date, method, url, request_headers, request_body, status_code, reason_phrase,
                    http_version, response_headers, redirects, final_url, time_to_first_byte, total_time,
                    wire_size, body_size, content_type, error_message, has_body, body_dropped,
                    request_body_dropped, stored_size, search_text
                ) VALUES (
                    \(Self.nextUse), ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18,
                    ?19, ?20, ?21, ?22, ?23
                ) RETURNING \(Self.entryColumns)
                """,
                [
                    .real(now.timeIntervalSince1970), .real(exchange.date.timeIntervalSince1970),
                    .text(exchange.method), .text(exchange.url), .text(try Self.encode(exchange.requestHeaders)),
                    SQLiteValue(exchange.requestBody), SQLiteValue(exchange.statusCode),
                    SQLiteValue(exchange.reasonPhrase), SQLiteValue(exchange.httpVersion),
                    .text(try Self.encode(exchange.responseHeaders)),
                    .text(try Self.encode(exchange.redirects.map(StoredRedirect.init))),
                    SQLiteValue(exchange.finalURL), SQLiteValue(exchange.timeToFirstByte), .real(exchange.totalTime),
                    SQLiteValue(exchange.wireSize), SQLiteValue(exchange.bodySize), SQLiteValue(exchange.contentType),
                    SQLiteValue(exchange.errorMessage), SQLiteValue(exchange.body == nil ? 0 : 1),
                    SQLiteValue(bodyDropped ? 1 : 0), SQLiteValue(requestBodyDropped ? 1 : 0),
                    SQLiteValue(storedSize), .text(searchText),
                ])
            guard let row = rows.first else {
                throw HistoryStoreError.sqlite(operation: "INSERT INTO entries", code: 1, message: "no row came back")
            }
            let entry = try Self.entry(from: row)
            if let body = exchange.body {
                try connection.execute(
                    "INSERT INTO bodies (entry_id, body) VALUES (?1, ?2)", [.integer(entry.id), .blob(body)])
            }
            try evict(maximumEntries: maximumEntries, maximumBodyBytes: maximumBodyBytes)
            return entry
        }
    }

    /// Deletes the least recently used entry, one at a time, while there are more than
    /// `maximumEntries` entries or their stored sizes add up to more than `maximumBodyBytes`.
    /// The triggers take the bodies along and keep the usage row right. Costs one indexed
    /// delete per evicted entry, nothing when within the limits.
    func evict(maximumEntries: Int, maximumBodyBytes: Int) throws {
        var (count, bytes) = try usage()
        while count > maximumEntries || bytes > maximumBodyBytes {
            let removed = try connection.query(
                """
                DELETE FROM entries WHERE id = (SELECT id FROM entries ORDER BY last_used, id LIMIT 1)
                RETURNING stored_size
                """)
            guard let row = removed.first else { return }
            count -= 1
            bytes -= row.int(0) ?? 0
        }
    }

    /// Marks entry `id` as just used; does nothing when there is no such entry.
    func markUsed(id: Int64, now: Date) throws {
        try connection.execute(
            "UPDATE entries SET last_used = \(Self.nextUse) WHERE id = ?2",
            [.real(now.timeIntervalSince1970), .integer(id)])
    }

    /// Deletes entry `id` and its body, if there is one.
    func delete(id: Int64) throws {
        try connection.execute("DELETE FROM entries WHERE id = ?1", [.integer(id)])
    }

    /// Deletes every entry and body. Ids are not reused afterwards.
    func clear() throws {
        try connection.inWriteTransaction {
            try connection.execute("DELETE FROM bodies")
            try connection.execute("DELETE FROM entries")
        }
    }

    // MARK: Reading

    /// Up to `limit` entries, newest first (by date, then by id), whose search text contains
    /// `filter` lower-cased; every entry when `filter` is empty.
    func entries(matching filter: String, limit: Int) throws -> [HistoryEntry] {
        let rows = try connection.query(
            """
            SELECT \(Self.entryColumns) FROM entries
            WHERE ?1 = '' OR instr(search_text, ?1) > 0
            ORDER BY date DESC, id DESC LIMIT ?2
            """,
            [.text(filter.lowercased()), SQLiteValue(max(0, limit))])
        return try rows.map(Self.entry(from:))
    }

    /// Entry `id`, or nil.
    func entry(id: Int64) throws -> HistoryEntry? {
        let rows = try connection.query("SELECT \(Self.entryColumns) FROM entries WHERE id = ?1", [.integer(id)])
        return try rows.first.map(Self.entry(from:))
    }

    /// The response body of entry `id`; nil when there is none.
    func body(of id: Int64) throws -> Data? {
        try connection.query("SELECT body FROM bodies WHERE entry_id = ?1", [.integer(id)]).first?.data(0)
    }

    /// How many entries there are and the sum of their stored sizes, from the usage row.
    func usage() throws -> (entries: Int, bytes: Int) {
        let row = try connection.query("SELECT entries, bytes FROM usage WHERE id = 1").first
        return (row?.int(0) ?? 0, row?.int(1) ?? 0)
    }

    // MARK: Coding

    /// A redirect as the `redirects` column holds it: its URL and status, not its headers.
    private struct StoredRedirect: Codable {
        var url: String
        var statusCode: Int

        init(_ hop: RedirectHop) {
            url = hop.url
            statusCode = hop.statusCode
        }

        var hop: RedirectHop { RedirectHop(url: url, statusCode: statusCode) }
    }

    private static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ text: String?, id: Int64, what: String) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: Data((text ?? "").utf8))
        } catch {
            throw HistoryStoreError.unreadableEntry(id: id, reason: "its \(what) are not valid JSON")
        }
    }

    /// An entry from a row of ``entryColumns``.
    private static func entry(from row: SQLiteResultRow) throws -> HistoryEntry {
        let id = row.int64(0) ?? 0
        let exchange = Exchange(
            date: Date(timeIntervalSince1970: row.double(1) ?? 0),
            method: row.string(3) ?? "",
            url: row.string(4) ?? "",
            requestHeaders: try decode([HeaderField].self, row.string(5), id: id, what: "request headers"),
            requestBody: row.data(6),
            statusCode: row.int(7),
            reasonPhrase: row.string(8),
            httpVersion: row.string(9),
            responseHeaders: try decode([HeaderField].self, row.string(10), id: id, what: "response headers"),
            redirects: try decode([StoredRedirect].self, row.string(11), id: id, what: "redirects").map(\.hop),
            finalURL: row.string(12),
            timeToFirstByte: row.double(13),
            totalTime: row.double(14) ?? 0,
            wireSize: row.int(15),
            bodySize: row.int(16) ?? 0,
            contentType: row.string(17),
            errorMessage: row.string(18))
        return HistoryEntry(
            id: id, exchange: exchange, lastUsed: Date(timeIntervalSince1970: row.double(2) ?? 0),
            hasStoredBody: row.int(19) == 1, bodyDropped: row.int(20) == 1, requestBodyDropped: row.int(21) == 1)
    }
}
