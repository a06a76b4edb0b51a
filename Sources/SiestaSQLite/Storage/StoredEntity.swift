import Foundation

/// One row of the cache table, as written and read.
struct StoredEntity {
    /// The cache key: the resource's URL string.
    var key: String
    /// The body bytes.
    var content: Data
    /// The headers as JSON text (see ``StoredHeaders``).
    var headers: String
    /// The declared character set, if any.
    var charset: String?
    /// The entity's timestamp, seconds since the reference date.
    var timestamp: TimeInterval

    /// The bytes this entry counts against the cache's byte limit: content plus key, headers
    /// and charset text. SQLite's own page overhead is not included.
    var size: Int {
        content.count + key.utf8.count + headers.utf8.count + (charset?.utf8.count ?? 0)
    }
}
