import Foundation

/// Finds the operation of a description that a request URL is an instance of (see
/// ``APIDescription/operation(method:url:)``).
struct OpenAPIPathMatcher {
    let description: APIDescription

    /// The best match, nil when no operation of that method has a matching path.
    func match(method: String, url: URL) -> APIOperationMatch? {
        let method = method.uppercased()
        let path = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? url.path
        let request = OpenAPIPathTemplate.segments(path).map { $0.removingPercentEncoding ?? $0 }
        let candidates = description.operations.indices.filter { description.operations[$0].method == method }
        guard !candidates.isEmpty else { return nil }
        let templates = candidates.map { OpenAPIPathTemplate(description.operations[$0].path) }
        var bases: [[String]] = []
        for server in description.servers {
            let base = OpenAPIPathTemplate.segments(URIReference(server.resolvedURL()).path).map {
                $0.removingPercentEncoding ?? $0
            }
            if !bases.contains(base) { bases.append(base) }
        }
        var best: (score: [Int], operation: Int, values: [String: String])?
        func consider(_ score: [Int], _ operation: Int, _ values: [String: String]) {
            if let current = best, !current.score.lexicographicallyPrecedes(score) { return }
            best = (score, operation, values)
        }
        var underABase = false
        for base in bases where request.starts(with: base) {
            underABase = true
            let rest = request[base.count...]
            for (position, template) in templates.enumerated() {
                guard let values = template.match(rest) else { continue }
                consider(
                    [template.literalSegments, template.literalCharacters, -position], candidates[position], values)
            }
        }
        // A path under none of the servers' base paths (a host the description does not name,
        // behind a prefix of its own) is matched on its end. A path under a base path that no
        // template fits is not described, and the root template matches no end but the root.
        if !underABase {
            for (position, template) in templates.enumerated()
            where !template.segments.isEmpty && template.segments.count <= request.count {
                guard let values = template.match(request.suffix(template.segments.count)) else { continue }
                consider(
                    [template.segments.count, template.literalSegments, template.literalCharacters, -position],
                    candidates[position], values)
            }
        }
        guard let best else { return nil }
        return APIOperationMatch(operation: description.operations[best.operation], pathParameters: best.values)
    }
}
