import Foundation

/// What the browser shows of an `Entity`: content view plus metadata. Built from Siesta's
/// `Entity<Any>` by the Siesta wiring; plain values here so views and tests need no network.
public struct EntitySnapshot {
    /// The content type (`application/json; charset=utf-8`).
    public var contentType: String
    /// Size of the body in bytes, when known (`Content-Length` or measured).
    public var byteCount: Int?
    /// The ETag header, when present.
    public var etag: String?
    /// When the entity was received or last confirmed (seconds since 1970).
    public var timestamp: TimeInterval
    /// Response headers (lower-cased names); shown masked.
    public var headers: [String: String]
    /// The viewable body.
    public var body: BodyContent

    /// Creates a snapshot.
    public init(
        contentType: String, byteCount: Int?, etag: String?, timestamp: TimeInterval, headers: [String: String],
        body: BodyContent
    ) {
        self.contentType = contentType
        self.byteCount = byteCount
        self.etag = etag
        self.timestamp = timestamp
        self.headers = headers
        self.body = body
    }
}
