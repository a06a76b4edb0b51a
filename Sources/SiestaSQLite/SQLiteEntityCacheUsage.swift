/// How full a ``SQLiteEntityCache`` is, as its size bound counts.
public struct SQLiteEntityCacheUsage: Equatable, Sendable {
    /// The number of entries in the file, whichever process wrote them.
    public var entryCount: Int

    /// The sum of the entries' sizes: content plus key, header and charset text. SQLite's page
    /// overhead is not included, so the file on disk is larger.
    public var byteCount: Int

    /// Creates a usage figure.
    public init(entryCount: Int, byteCount: Int) {
        self.entryCount = entryCount
        self.byteCount = byteCount
    }
}
