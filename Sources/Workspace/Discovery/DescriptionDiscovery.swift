import Foundation

/// Where to look for a service's API description: what a response's `Link` header names
/// (relations `service-desc`, then `describedby`), else the places servers usually publish one,
/// under the service's base path and then at the root of its origin.
public enum DescriptionDiscovery {
    /// The usual places, relative to where they are tried, in the order tried.
    public static let usualPaths = [
        "openapi.json", "openapi.yaml", "openapi.yml", "swagger.json", "swagger.yaml", "v3/api-docs",
        "v2/api-docs", "api-docs", "spec.json", "openapi", "docs/openapi.json", "api/openapi.json",
        "swagger/v1/swagger.json", "apispec_1.json", "apispec.json", "swagger/doc.json", "api/swagger.json",
        ".well-known/openapi.json",
    ]

    /// The relations whose links name a description, in order of preference.
    public static let relations = ["service-desc", "describedby"]

    /// The description URLs named by the `Link` header values of a response from `url`.
    /// Only `http` and `https` targets are kept: a response never leads to a local file.
    public static func linked(in linkValues: [String], of url: URL) -> [URL] {
        let header = LinkHeader(linkValues)
        return relations.flatMap { header.targets(relation: $0, relativeTo: url) }.filter {
            ["http", "https"].contains($0.scheme?.lowercased() ?? "")
        }
    }

    /// The URLs to try for `serviceBaseURL`, each once: the usual paths under its base path,
    /// then at its origin's root when the base has a path.
    public static func candidates(for serviceBaseURL: URL) -> [URL] {
        var bases: [URL] = []
        var base = serviceBaseURL.absoluteString
        if !base.hasSuffix("/") { base += "/" }
        if let url = URL(string: base) { bases.append(url) }
        if let root = URL(string: "/", relativeTo: serviceBaseURL)?.absoluteURL, !bases.contains(root) {
            bases.append(root)
        }
        var seen = Set<String>()
        var urls: [URL] = []
        for base in bases {
            for path in usualPaths {
                guard let url = URL(string: path, relativeTo: base)?.absoluteURL else { continue }
                if seen.insert(url.absoluteString).inserted { urls.append(url) }
            }
        }
        return urls
    }
}
