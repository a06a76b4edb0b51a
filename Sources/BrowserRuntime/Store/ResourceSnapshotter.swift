import Browser
import Foundation
import HTTPCore
import OrderedJSON
import Siesta
import Workspace

/// Takes the browser's snapshots of Siesta resources: what each pane shows of a resource, with
/// its body made into a displayable document once per entity rather than once per event.
///
/// It keeps, per URL, the body built for the last entity, the body of the last error and the
/// response head of the last exchange, and the load progress Siesta reported; a large body
/// replaced or dropped asks for its memory to be handed back to the system.
@MainActor
final class ResourceSnapshotter {
    private var bodies: [String: (timestamp: TimeInterval, body: BodyContent)] = [:]
    private var errorBodies: [String: (timestamp: TimeInterval, body: BodyContent?)] = [:]
    private var heads: [String: (exchange: Exchange, body: BodyContent)] = [:]
    /// The load progress of each resource Siesta reported, while it loads.
    var progress: [String: Double] = [:]
    private let exchangeRecorder: ExchangeRecorder?

    init(exchangeRecorder: ExchangeRecorder?) {
        self.exchangeRecorder = exchangeRecorder
    }

    /// True when a body is kept for `url`.
    func hasBody(for url: String) -> Bool { bodies[url] != nil }

    /// The resource as the browser shows it. The body is built again from the entity only when
    /// `rebuildBody` is set (new data) or none is kept for it yet; the error's body and the
    /// response head are built again only when they changed.
    func snapshot(of resource: Resource, rebuildBody: Bool) -> ResourceSnapshot {
        let key = resource.url.absoluteString
        var data: EntitySnapshot?
        if let entity = resource.latestData {
            let body: BodyContent
            if !rebuildBody, let cached = bodies[key] {
                body = cached.body
            } else {
                body = BodyContent.from(content: entity.content, contentType: Self.mediaType(of: entity))
                releaseMemoryIfLarge(bodies[key]?.body)
                bodies[key] = (entity.timestamp, body)
            }
            data = EntitySnapshot(
                contentType: Self.mediaType(of: entity), byteCount: Self.byteCount(entity), etag: entity.etag,
                timestamp: Self.unixTime(entity.timestamp), headers: entity.headers, body: body)
        } else {
            releaseMemoryIfLarge(bodies[key]?.body)
            bodies[key] = nil
        }
        var error: ErrorSnapshot?
        if let latestError = resource.latestError {
            let body: BodyContent?
            if let cached = errorBodies[key], cached.timestamp == latestError.timestamp {
                body = cached.body
            } else {
                body = latestError.entity.map { entity in
                    // Bytes in an encoding that was not decoded mean nothing as text: show them as bytes.
                    if let data = entity.content as? Data, !data.isEmpty, Self.hasUndecodedEncoding(entity) {
                        return .binary(HexDocument(data))
                    }
                    return BodyContent.from(content: entity.content, contentType: Self.mediaType(of: entity))
                }
                errorBodies[key] = (latestError.timestamp, body)
            }
            error = ErrorSnapshot(
                userMessage: latestError.userMessage, httpStatusCode: latestError.httpStatusCode, body: body,
                timestamp: Self.unixTime(latestError.timestamp))
            if let entity = latestError.entity {
                error?.bodyDescription = Self.bodyDescription(entity, body: body)
            }
        }
        let exchange = exchangeRecorder?.lastExchange(method: .get, url: key)
        var head: BodyContent?
        if let exchange {
            if let cached = heads[key], cached.exchange == exchange {
                head = cached.body
            } else {
                let body = BodyContent.text(TextDocument(ResponseHead.text(of: exchange)))
                heads[key] = (exchange, body)
                head = body
            }
        }
        var snapshot = ResourceSnapshot(
            url: key, latestData: data, latestError: error, isLoading: resource.isLoading,
            isRequesting: resource.isRequesting, isUpToDate: resource.isUpToDate,
            loadRequestCount: resource.loadRequests.count, progress: resource.isLoading ? progress[key] : nil,
            timestamp: Self.unixTime(resource.timestamp), expirationTime: resource.configuration.expirationTime,
            retryTime: resource.configuration.retryTime)
        snapshot.lastExchange = exchange
        snapshot.head = head
        return snapshot
    }

    /// The media type of an entity, lower-cased and without parameters such as the charset
    /// (`application/json`); the headers pane shows the whole `Content-Type`.
    nonisolated static func mediaType<Content>(of entity: Entity<Content>) -> String {
        HTTPStreamDetection.mediaType(of: entity.contentType)
    }

    /// What an error's body is, for the marker above it: its type and size, and why it may not
    /// look like its type (an encoding hammock cannot decode, text that is not UTF-8).
    private static func bodyDescription(_ entity: Entity<Any>, body: BodyContent?) -> String {
        var parts: [String] = []
        let type = Self.mediaType(of: entity)
        if !type.isEmpty { parts.append(type) }
        if let size = byteCount(entity) { parts.append(Format.bytes(size)) }
        if hasUndecodedEncoding(entity) {
            let encoding = entity.header(forKey: "Content-Encoding") ?? ""
            parts.append("compressed with \(encoding), which hammock cannot decode: shown as bytes")
        } else if let data = entity.content as? Data, case .text? = body,
            String(validating: data, as: UTF8.self) == nil
        {
            parts.append("not valid UTF-8: shown as ISO-8859-1")
        }
        return parts.joined(separator: " · ")
    }

    /// True when the body came with a `Content-Encoding` the transport does not decode (`br`,
    /// `zstd`…).
    private static func hasUndecodedEncoding(_ entity: Entity<Any>) -> Bool {
        let encoding = (entity.header(forKey: "Content-Encoding") ?? "").lowercased()
        return !encoding.isEmpty && !["identity", "gzip", "x-gzip", "deflate"].contains(encoding)
    }

    private func releaseMemoryIfLarge(_ body: BodyContent?) {
        guard let body else { return }
        let size: Int
        switch body {
        case .json(let outline): size = outline.document.data.count
        case .text(let document): size = document.text.utf8.count
        case .binary(let document): size = document.data.count
        case .empty: size = 0
        }
        if size >= MemoryRelease.threshold { MemoryRelease.soon() }
    }

    /// Siesta's timestamps count from the reference date (2001); the browser's from 1970.
    private static func unixTime(_ siestaTime: TimeInterval) -> TimeInterval {
        siestaTime == 0 ? 0 : siestaTime + Date.timeIntervalBetween1970AndReferenceDate
    }

    private static func byteCount(_ entity: Entity<Any>) -> Int? {
        if let length = entity.header(forKey: "Content-Length").flatMap(Int.init) { return length }
        if let data = entity.content as? Data { return data.count }
        if let document = entity.content as? JSONDocument { return document.data.count }
        if let text = entity.content as? String { return text.utf8.count }
        return nil
    }
}
