import Foundation

/// A collection from an API description: a request per operation (in a folder per tag), an
/// environment per server, the auth of the description's first security scheme in each, and
/// later runs merged three ways (see ``CollectionSync``).
///
/// ```swift
/// let report = try DescriptionImport.run(description, bytes: data, source: "https://x/openapi.json",
///                                        into: RequestCollection(folder: "api"))
/// print(report)
/// ```
public enum DescriptionImport {
    /// The requests of every operation, under `{{base}}`: the key is the operation's id, the
    /// group its first tag, the name its summary (else its id).
    public static func requests(from description: APIDescription) -> [GeneratedRequest] {
        // An `operationId` the description repeats cannot tell its operations apart.
        var counts: [String: Int] = [:]
        for operation in description.operations { counts[operation.id, default: 0] += 1 }
        return description.operations.map { operation in
            let key = counts[operation.id, default: 0] > 1 ? operation.method + " " + operation.path : operation.id
            let request = OperationRequest(operation: operation, in: description, baseURL: "{{base}}")
            // `environments` and `removed` are the collection's own folders.
            var group = operation.tags.first.map(FileNameSlug.slug) ?? ""
            if group == EnvironmentSet.folderName || group == CollectionSync.removedFolder { group = "tag-" + group }
            let summary = operation.summary?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            let name = summary.isEmpty || summary.contains("\n") ? operation.id : summary
            return GeneratedRequest(key: key, group: group, name: name, definition: request.definition)
        }
    }

    /// An environment file per server (`name`, YAML text): `base` is the server's URL with its
    /// variables' defaults as `{{variables}}` of their own, then the auth of the first security
    /// scheme the description uses, its secrets read from the process environment
    /// (`{{env:API_TOKEN}}`…). With no server, one environment whose base is `source`'s origin.
    public static func environments(from description: APIDescription, source: String) -> [(name: String, text: String)]
    {
        var servers = description.servers
        if servers.isEmpty {
            let origin = URL(string: source).flatMap { $0.host == nil ? nil : URLOrigin.of($0) } ?? "http://localhost"
            servers = [APIServer(url: origin)]
        }
        let auth = authText(description)
        var used = Set<String>()
        return servers.map { server in
            var name = FileNameSlug.slug(server.description ?? URL(string: server.url)?.host ?? "server")
            if name == "request" { name = "server" }
            var unique = name
            var attempt = 2
            while !used.insert(unique).inserted {
                unique = "\(name)-\(attempt)"
                attempt += 1
            }
            // `{{base}}/pets`: the base ends without a slash.
            var url = server.url
            while url.hasSuffix("/") { url.removeLast() }
            var lines: [String] = []
            for variable in server.variables {
                url = url.replacingOccurrences(of: "{\(variable.name)}", with: "{{\(variable.name)}}")
                lines.append("\(variable.name): \(YAMLScalar.inline(variable.defaultValue))")
            }
            var text = "base: \(YAMLScalar.inline(url))\n" + lines.map { $0 + "\n" }.joined()
            if let auth { text += auth }
            return (unique, text)
        }
    }

    /// The `auth:` section of the first security scheme the description uses (its top-level
    /// requirements first, then any operation's), nil when none maps onto an auth helper.
    static func authText(_ description: APIDescription) -> String? {
        let used =
            (description.security + description.operations.flatMap { $0.security ?? [] }).flatMap {
                $0.schemes.keys.sorted()
            }
        let schemes = used.compactMap { name in description.securitySchemes.first { $0.name == name } }
        for scheme in schemes + description.securitySchemes {
            switch scheme.kind {
            case .http(let kind, _) where kind.lowercased() == "bearer":
                return "auth:\n  type: bearer\n  token: \"{{env:API_TOKEN}}\"\n"
            case .http(let kind, _) where kind.lowercased() == "basic":
                return "auth:\n  type: basic\n  username: \"{{env:API_USER}}\"\n  password: \"{{env:API_PASSWORD}}\"\n"
            case .apiKey(let name, let location):
                let place = location.rawValue == "query" ? "query" : location.rawValue == "cookie" ? "cookie" : "header"
                return "auth:\n  type: apiKey\n  name: \(YAMLScalar.inline(name))\n  in: \(place)\n"
                    + "  value: \"{{env:API_KEY}}\"\n"
            default:
                continue
            }
        }
        return nil
    }

    /// Writes (or merges) the collection of `description` into `collection`, keeping `bytes`
    /// (the description as read) and `source`. Environment files are written when missing and
    /// never replaced.
    public static func run(
        _ description: APIDescription, bytes: Data, source: String, into collection: RequestCollection
    ) throws(CollectionError) -> CollectionSyncReport {
        let isYAML = (try? JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed])) == nil
        var report = try CollectionSync(collection: collection).apply(
            requests(from: description), source: source, description: bytes, fileExtension: isYAML ? "yaml" : "json")
        let folder = collection.folder + "/" + EnvironmentSet.folderName
        for (name, text) in environments(from: description, source: source) {
            let path = folder + "/" + name + ".yaml"
            guard !FileManager.default.fileExists(atPath: path) else { continue }
            do {
                try FileSystem.makeDirectories(folder)
                try FileSystem.createNew(path, with: text)
            } catch {
                throw CollectionError(path: path, message: "Could not write \(path): \(error.reason).")
            }
            report.environments.append(EnvironmentSet.folderName + "/" + name + ".yaml")
        }
        return report
    }
}
