import Dispatch
import Foundation
import SQLiteStore

/// Every request the browser sends, with its outcome, in one SQLite file.
///
/// ```swift
/// let history = try await HistoryStore(fileURL: HistoryStore.defaultFileURL())
/// if let note = history.recoveryNote { events.append(note) }
/// let entry = try await history.record(Exchange(method: "GET", url: url, statusCode: 200, body: bytes))
/// let recent = try await history.entries(matching: "404", limit: 100)
/// let body = try await history.body(of: entry.id)
/// ```
///
/// **What is stored.** Each ``record(_:)`` becomes a ``HistoryEntry`` (everything but the
/// response body) and, in a table of its own, the response body, so listing stays fast however
/// big the bodies are. Before anything is written, secrets are masked with `Safety`'s one policy:
/// secret header values (`Authorization: Bearer ••••••`, cookies, API keys), secret query
/// parameters and passwords in URLs, and credentials quoted in error messages. Bodies are stored
/// as sent and received: not promised is finding secrets inside them.
///
/// **Size bound.** The request and response bodies kept add up to at most ``maximumBodyBytes``
/// and there are at most ``maximumEntries`` entries. Recording beyond either removes the least
/// recently used entries first; an entry's last use is when it was recorded or last passed to
/// ``markUsed(id:)``. A response body that does not fit within the limit (with its request
/// body) is not kept, but the entry is, with ``HistoryEntry/bodyDropped`` set; a request body
/// bigger than the limit on its own is dropped the same way. So a new entry is never the one
/// evicted. Headers and other small columns are not counted, nor is SQLite's page overhead.
///
/// **The file.** By default `$XDG_STATE_HOME/hammock/history.sqlite` (see
/// ``defaultFileURL(environment:)``), in WAL mode: a process killed mid-write loses at most that
/// write. Several processes may share the file; a statement waits up to 5 seconds for another
/// process's lock, then fails with ``HistoryStoreError/sqlite(operation:code:message:)``. A file
/// that is not a database or is damaged is moved aside to `<name>.corrupt-<UTC time>` and the
/// store starts empty, with ``recoveryNote`` saying so.
///
/// **Threading.** Every SQLite call runs on the store's own serial queue, one at a time, and
/// waits there; the methods are `async` and suspend their caller meanwhile, so the main actor
/// never blocks. Calls run in the order they were made from one task. That confinement is why
/// the class is `Sendable`.
public final class HistoryStore: @unchecked Sendable {
    /// The default for ``maximumBodyBytes``: 64 MiB.
    public static let defaultMaximumBodyBytes = 64 * 1024 * 1024

    /// The default for ``maximumEntries``: 5000.
    public static let defaultMaximumEntries = 5000

    /// The SQLite file, as given to the initializer.
    public let fileURL: URL

    /// The most bytes of request and response bodies kept, over all entries.
    public let maximumBodyBytes: Int

    /// The most entries kept.
    public let maximumEntries: Int

    /// A sentence saying that the file found at ``fileURL`` was not a usable database, where it
    /// was moved, and that the history starts empty; nil when the file opened as it was
    /// (including a new file). Show it: the moved file may hold history someone wants.
    public let recoveryNote: String?

    /// Where a damaged file was moved, or nil.
    public let movedAsideFileURL: URL?

    /// The serial queue every SQLite call runs on.
    private let queue: DispatchQueue

    /// The open tables; nil after ``close()``. Read and written only on `queue` (and by the
    /// initializer before the store is shared).
    private var table: HistoryTable?

    /// Opens the history file at `fileURL`, creating it and its folders when needed.
    ///
    /// - Parameters:
    ///   - fileURL: The SQLite file; use a file of its own, such as ``defaultFileURL(environment:)``.
    ///   - maximumBodyBytes: The most body bytes kept; at least 1.
    ///   - maximumEntries: The most entries kept; at least 1.
    ///   - refusesForeignFile: Pass true for a path a person gave: a regular file there that is
    ///     not SQLite is then left alone (``HistoryStoreError/foreignFile(path:reason:)``)
    ///     instead of being moved aside as damaged.
    /// - Throws: ``HistoryStoreError/invalidLimits(maximumEntries:maximumBodyBytes:)``;
    ///   ``HistoryStoreError/cannotOpen(path:reason:)`` when the location cannot hold the file
    ///   (the reason names the path at fault and why, e.g. `its folder /x is not writable
    ///   (Permission denied)`); ``HistoryStoreError/foreignFile(path:reason:)``;
    ///   ``HistoryStoreError/incompatibleFile(path:reason:)`` for a database of a newer layout;
    ///   ``HistoryStoreError/cannotMoveAside(path:reason:)``; SQLite failures. A damaged file is
    ///   not an error: see ``recoveryNote``.
    ///
    /// Opening reads the whole file once (`PRAGMA quick_check`), off the caller's thread.
    public init(
        fileURL: URL, maximumBodyBytes: Int = HistoryStore.defaultMaximumBodyBytes,
        maximumEntries: Int = HistoryStore.defaultMaximumEntries, refusesForeignFile: Bool = false
    ) async throws {
        guard maximumEntries > 0, maximumBodyBytes > 0 else {
            throw HistoryStoreError.invalidLimits(maximumEntries: maximumEntries, maximumBodyBytes: maximumBodyBytes)
        }
        let queue = DispatchQueue(label: "Workspace.HistoryStore", qos: .utility)
        let opened = try await Self.run(on: queue) {
            try HistoryStoreError.translating {
                let opened = try SQLiteFileOpener.open(
                    fileURL: fileURL, fileDescription: "history",
                    foreignFiles: refusesForeignFile ? .refuse : .moveAside,
                    checkCompatibility: { try HistoryTable(connection: $0).checkCompatibility() },
                    prepare: { try HistoryTable(connection: $0).createIfNeeded() })
                return UncheckedTransfer(value: opened)
            }
        }.value
        self.fileURL = fileURL
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumEntries = maximumEntries
        self.recoveryNote = opened.recoveryNote
        self.movedAsideFileURL = opened.movedAsideURL
        self.queue = queue
        self.table = HistoryTable(connection: opened.connection)
    }

    /// The default file: `$XDG_STATE_HOME/hammock/history.sqlite`, or
    /// `~/.local/state/hammock/history.sqlite` when `XDG_STATE_HOME` is unset, empty or not an
    /// absolute path (as the XDG specification asks). `~` is `$HOME`, or the account's home
    /// folder when `HOME` is unset or empty.
    public static func defaultFileURL(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        let stateHome: String
        if let value = environment["XDG_STATE_HOME"], value.hasPrefix("/") {
            stateHome = value
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            stateHome = home + "/.local/state"
        }
        return URL(fileURLWithPath: stateHome).appendingPathComponent("hammock").appendingPathComponent(
            "history.sqlite")
    }

    // MARK: Recording

    /// Stores `exchange` as a new entry, most recently used, and evicts least recently used
    /// entries beyond the limits, in one transaction. Returns the entry as stored: with its id,
    /// secrets masked, and the drop flags set when a body did not fit.
    ///
    /// Not stored: the redirect hops' headers (a hop keeps its URL and status) and
    /// ``Exchange/requestBodySize`` (an entry's is the size of the request body it kept).
    ///
    /// - Throws: ``HistoryStoreError/sqlite(operation:code:message:)`` when SQLite fails (the
    ///   history is then unchanged); ``HistoryStoreError/closed(path:)`` after ``close()``.
    @discardableResult
    public func record(_ exchange: Exchange) async throws -> HistoryEntry {
        var masked = HistorySecrets.mask(exchange)
        var requestBodyDropped = false
        if let body = masked.requestBody, body.count > maximumBodyBytes {
            masked.requestBody = nil
            requestBodyDropped = true
        }
        var bodyDropped = false
        if let body = masked.body, body.count + (masked.requestBody?.count ?? 0) > maximumBodyBytes {
            masked.body = nil
            bodyDropped = true
        }
        let limits = (entries: maximumEntries, bytes: maximumBodyBytes)
        return try await perform { [masked, bodyDropped, requestBodyDropped] table in
            try table.insert(
                masked, bodyDropped: bodyDropped, requestBodyDropped: requestBodyDropped, now: Date(),
                maximumEntries: limits.entries, maximumBodyBytes: limits.bytes)
        }
    }

    /// Marks entry `id` as just used, so it is the last to be evicted; the browser calls this
    /// when an entry is opened or sent again. Does nothing when there is no such entry.
    public func markUsed(id: Int64) async throws {
        try await perform { try $0.markUsed(id: id, now: Date()) }
    }

    /// Deletes entry `id` and its body; does nothing when there is no such entry.
    public func delete(id: Int64) async throws {
        try await perform { try $0.delete(id: id) }
    }

    /// Deletes every entry and body. The file stays; ids are not reused.
    public func clear() async throws {
        try await perform { try $0.clear() }
    }

    // MARK: Reading

    /// Up to `limit` entries, newest first (by ``Exchange/date``, then by id), without
    /// response bodies. With a non-empty `filter`, only entries whose method, URL (as stored,
    /// masked), status text (`404 Not Found`) or error message contain it, ignoring case.
    /// Listing does not count as using the entries.
    public func entries(matching filter: String = "", limit: Int = Int.max) async throws -> [HistoryEntry] {
        try await perform { try $0.entries(matching: filter, limit: limit) }
    }

    /// Entry `id` (without its response body), or nil when there is none.
    public func entry(id: Int64) async throws -> HistoryEntry? {
        try await perform { try $0.entry(id: id) }
    }

    /// The decoded response body of entry `id`; nil when the entry had none, its body was
    /// dropped (``HistoryEntry/bodyDropped``), or there is no such entry.
    public func body(of id: Int64) async throws -> Data? {
        try await perform { try $0.body(of: id) }
    }

    /// The number of entries in the file.
    public var count: Int {
        get async throws { try await perform { try $0.usage().entries } }
    }

    /// The request and response body bytes kept, as the size bound counts them.
    public var storedBodyBytes: Int {
        get async throws { try await perform { try $0.usage().bytes } }
    }

    // MARK: Closing

    /// Closes the file (checkpointing the write-ahead log into it when no other process has it
    /// open). Later calls throw ``HistoryStoreError/closed(path:)``; closing again does nothing.
    /// Dropping the last reference to the store closes it too.
    public func close() async {
        _ = try? await Self.run(on: queue) {
            guard let table = self.table else { return }
            self.table = nil
            try? table.connection.close()
        }
    }

    // MARK: Confinement

    /// Runs `work` with the table on the store's queue and returns its result to the caller.
    private func perform<T: Sendable>(_ work: @escaping @Sendable (HistoryTable) throws -> T) async throws -> T {
        try await Self.run(on: queue) {
            try HistoryStoreError.translating {
                guard let table = self.table else { throw HistoryStoreError.closed(path: self.fileURL.path) }
                return try work(table)
            }
        }
    }

    /// Runs `work` on `queue` and resumes the caller with its result.
    private static func run<T: Sendable>(
        on queue: DispatchQueue, _ work: @escaping @Sendable () throws -> T
    ) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result(catching: work)) }
        }
    }
}

/// Carries a value that is not `Sendable` from the store's queue to the initializer, which
/// owns it from then on: nothing else holds it.
private struct UncheckedTransfer<Value>: @unchecked Sendable {
    let value: Value
}
