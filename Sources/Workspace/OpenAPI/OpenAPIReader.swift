import Foundation
import OrderedJSON

/// Reads the model of a description (``APIDescription``) out of its documents: the top level
/// here, operations, security and Swagger 2.0's differences in the extensions beside it.
///
/// Nothing is decoded but what the model holds: schemas stay where they are, and are only
/// looked into for a parameter's example and allowed values.
final class OpenAPIReader {
    let store: OpenAPIDocumentStore
    let format: APIDescription.Format
    let root: OpenAPILocation

    /// A reader of the description whose documents `store` holds.
    init(store: OpenAPIDocumentStore, format: APIDescription.Format, root: OpenAPILocation) {
        self.store = store
        self.format = format
        self.root = root
    }

    /// Which specification a document follows and its version text (`3.1.0`), with a warning
    /// when it is read as a close neighbour (3.2 as 3.1).
    static func format(of document: JSONDocument) throws(APIDescriptionError) -> (
        format: APIDescription.Format, version: String, warning: String?
    ) {
        let root = document.root
        guard document.kind(root) == .objectStart || document.kind(root) == .emptyObject else {
            throw .notADescription(reason: "its top level is not a mapping of keys to values")
        }
        func versionText(_ key: String) -> String? {
            guard let entry = document.child(of: root, key: key) else { return nil }
            return document.string(entry) ?? document.numberText(entry) ?? document.rawText(entry)
        }
        func isVersion(_ text: String, _ prefix: String) -> Bool { text == prefix || text.hasPrefix(prefix + ".") }
        if let version = versionText("openapi") {
            if isVersion(version, "3.0") { return (.openAPI30, version, nil) }
            if isVersion(version, "3.1") { return (.openAPI31, version, nil) }
            if isVersion(version, "3.2") {
                return (.openAPI31, version, "openapi: version \(version) is read as 3.1; what 3.2 added is left out")
            }
            throw .notADescription(
                reason: "its version “\(version)” is not one the reader knows (Swagger 2.0, OpenAPI 3.0, 3.1 and 3.2)")
        }
        if let version = versionText("swagger") {
            if version == "2.0" || version == "2" { return (.swagger20, version, nil) }
            throw .notADescription(
                reason: "its version “\(version)” is not one the reader knows (Swagger 2.0, OpenAPI 3.0, 3.1 and 3.2)")
        }
        throw .notADescription(reason: "it has no “openapi” or “swagger” key at its top level")
    }

    /// The description.
    func description(specVersion: String, sourceURL: URL?) -> APIDescription {
        var title = ""
        var version = ""
        var summary: String?
        if let info = store.child(root, "info"), info.isObject {
            title = store.string(info, "title") ?? ""
            version = store.string(info, "version") ?? store.rawText(info, "version") ?? ""
            summary = store.string(info, "summary")
        } else {
            store.warn("info: missing, so the description has no title or version")
        }
        let servers = format == .swagger20 ? swaggerServers() : servers(store.child(root, "servers"))
        let tags = store.child(root, "tags").map(store.elements)?.compactMap { tag -> APITag? in
            guard let name = store.string(tag, "name") else {
                store.warn("\(tag.place): a tag without a name; skipped")
                return nil
            }
            return APITag(name: name, description: store.string(tag, "description"))
        }
        let securitySchemes = self.securitySchemes()
        let security = store.child(root, "security").map(securityRequirements) ?? []
        let operations = self.operations()
        return APIDescription(
            format: format, specVersion: specVersion, title: title, version: version, summary: summary,
            servers: servers, operations: operations, securitySchemes: securitySchemes, security: security,
            tags: tags ?? [], sourceURL: sourceURL, documents: store.documents, rootURI: store.rootURI,
            warnings: store.finishedWarnings())
    }

    // MARK: servers

    /// True when relative URLs can be resolved against the description's URL (http or https).
    private var isServedOverHTTP: Bool {
        let scheme = URIReference(store.rootURI).scheme?.lowercased()
        return scheme == "http" || scheme == "https"
    }

    /// OpenAPI 3's `servers`, relative URLs resolved against the description's URL; without
    /// any, the description's origin.
    func servers(_ list: OpenAPILocation?) -> [APIServer] {
        var servers: [APIServer] = []
        for server in list.map(store.elements) ?? [] {
            guard let url = store.string(server, "url") else {
                store.warn("\(server.place): a server without a url; skipped")
                continue
            }
            let variables = store.child(server, "variables").map(store.members)?.map { name, variable in
                APIServerVariable(
                    name: name,
                    defaultValue: store.string(variable, "default") ?? store.rawText(variable, "default") ?? "",
                    enumValues: store.child(variable, "enum").map(store.elements)?.map { $0.string ?? $0.rawText }
                        ?? [],
                    description: store.string(variable, "description"))
            }
            servers.append(
                APIServer(
                    url: resolvedServerURL(url), description: store.string(server, "description"),
                    variables: variables ?? []))
        }
        if servers.isEmpty { servers = [APIServer(url: resolvedServerURL("/"))] }
        return servers
    }

    private func resolvedServerURL(_ url: String) -> String {
        if url.hasPrefix("{") || URIReference(url).isAbsolute || !isServedOverHTTP { return url }
        return URIReference.resolve(url, against: store.rootURI).text
    }

    /// Swagger 2.0's server: each scheme with `host` and `basePath`; without a host, the
    /// description's own origin.
    private func swaggerServers() -> [APIServer] {
        var basePath = store.string(root, "basePath") ?? ""
        if !basePath.isEmpty, !basePath.hasPrefix("/") { basePath = "/" + basePath }
        if basePath == "/" { basePath = "" }
        guard let host = store.string(root, "host"), !host.isEmpty else {
            return [APIServer(url: resolvedServerURL(basePath.isEmpty ? "/" : basePath))]
        }
        var schemes = store.strings(root, "schemes").map { $0.lowercased() }.filter {
            ["http", "https", "ws", "wss"].contains($0)
        }
        if schemes.isEmpty {
            let own = URIReference(store.rootURI).scheme?.lowercased()
            schemes = [own == "http" ? "http" : "https"]
        }
        return schemes.map { APIServer(url: $0 + "://" + host + basePath) }
    }
}
