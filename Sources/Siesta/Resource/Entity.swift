import Foundation

/// An HTTP response body and its metadata, after the transformer pipeline has (possibly) parsed it.
///
/// The `content` of an entity is the parsed body: `Data` straight off the network, `String` for
/// `text/*`, `[String: Any]` or `[Any]` for JSON, or whatever a custom transformer produces.
/// Header names are stored lower-cased, so lookups through ``header(forKey:)`` ignore case.
///
/// Entities are values. Siesta treats `content` as immutable once an entity is created; content
/// made by the standard pipeline is always a value type or an immutable Foundation object, which
/// is why entities can cross from the pipeline's background work to the main actor.
public struct Entity<ContentType> {
    /// The parsed body of the response.
    public var content: ContentType

    /// All response headers, keyed by lower-cased header name. Keys assigned in any case are
    /// lower-cased, so `entity.headers["X-Total"] = "3"` is read back as `headers["x-total"]`.
    /// Setting a new `content-type` here does not change ``charset``, which keeps the value it
    /// was created with.
    public var headers: [String: String] {
        get { normalizedHeaders }
        set { normalizedHeaders = Self.lowercasedKeys(newValue) }
    }

    private var normalizedHeaders: [String: String]

    /// The character set of the body as the server declared it, or `nil` when it did not say.
    public var charset: String?

    /// When this entity was received or last confirmed fresh (seconds since the reference date,
    /// as `Date.timeIntervalSinceReferenceDate`).
    public var timestamp: TimeInterval

    /// The `Content-Type` header as the server sent it, parameters included, e.g.
    /// `text/plain; charset=utf-8`; `application/octet-stream` when the server sent none.
    ///
    /// Compare media types with care: the value may be `text/plain`, `text/plain; charset=utf-8`
    /// or `TEXT/Plain`. Content-type patterns of ``PipelineStage/add(_:contentTypes:)`` ignore the
    /// parameters and the case. Setting it replaces the header; ``charset`` keeps its value.
    public var contentType: String {
        get { normalizedHeaders["content-type"] ?? "application/octet-stream" }
        set { normalizedHeaders["content-type"] = newValue }
    }

    /// The entity tag from the `ETag` header, used for conditional requests (`If-None-Match`).
    public var etag: String? { headers["etag"] }

    /// Creates an entity with the given content and metadata.
    ///
    /// - Parameters:
    ///   - content: The (already parsed) body.
    ///   - contentType: The media type, e.g. `"application/json"`; it may carry parameters such as
    ///     `charset=utf-8`, which then also set ``charset`` unless `charset` is given.
    ///   - charset: The text encoding name, if any.
    ///   - headers: Further response headers; names are lower-cased. A `content-type` here is
    ///     replaced by `contentType`.
    ///   - timestamp: When the entity was received; now by default.
    public init(
        content: ContentType,
        contentType: String,
        charset: String? = nil,
        headers: [String: String] = [:],
        timestamp: TimeInterval? = nil
    ) {
        var lowered = Self.lowercasedKeys(headers)
        lowered["content-type"] = contentType
        self.init(content: content, charset: charset, headers: lowered, timestamp: timestamp)
    }

    /// Creates an entity from raw response headers; the content type and charset are read from
    /// the `Content-Type` header.
    ///
    /// - Parameters:
    ///   - content: The body.
    ///   - charset: Overrides the charset found in `Content-Type`.
    ///   - headers: Response headers with names in any case.
    ///   - timestamp: When the entity was received; now by default.
    public init(
        content: ContentType,
        charset: String? = nil,
        headers: [String: String],
        timestamp: TimeInterval? = nil
    ) {
        self.content = content
        self.normalizedHeaders = Self.lowercasedKeys(headers)
        self.charset = charset ?? normalizedHeaders["content-type"].flatMap(MediaType.charset(in:))
        self.timestamp = timestamp ?? SiestaClock.now()
    }

    /// Returns the value of the header with the given name, ignoring case; `nil` if absent.
    ///
    /// ```swift
    /// entity.header(forKey: "Location")   // same as "location" or "LOCATION"
    /// ```
    public func header(forKey key: String) -> String? {
        headers[key.lowercased()]
    }

    /// Sets ``timestamp`` to now, marking the entity as freshly confirmed.
    public mutating func touch() {
        timestamp = SiestaClock.now()
    }

    /// Returns a copy of this entity with the same metadata and different content.
    public func withContent<NewContentType>(_ newContent: NewContentType) -> Entity<NewContentType> {
        Entity<NewContentType>(
            content: newContent, normalizedHeaders: normalizedHeaders, charset: charset, timestamp: timestamp)
    }

    /// An entity whose header names are already lower-cased.
    private init(content: ContentType, normalizedHeaders: [String: String], charset: String?, timestamp: TimeInterval) {
        self.content = content
        self.normalizedHeaders = normalizedHeaders
        self.charset = charset
        self.timestamp = timestamp
    }

    private static func lowercasedKeys(_ headers: [String: String]) -> [String: String] {
        // Header names are ASCII tokens: only an upper-case letter or a non-ASCII byte needs work.
        let needsLowering = headers.keys.contains { name in
            name.utf8.contains { $0 >= 0x41 && ($0 <= 0x5A || $0 >= 0x80) }
        }
        if !needsLowering { return headers }
        var result: [String: String] = [:]
        for (key, value) in headers {
            result[key.lowercased()] = value
        }
        return result
    }
}

extension Entity: @unchecked Sendable {}

extension Entity: TypedContentAccessors {
    /// An entity's typed accessors (`text`, `jsonDict`…) read its own content.
    public var entityForTypedContentAccessors: Entity<Any>? { withContent(content as Any) }
}
