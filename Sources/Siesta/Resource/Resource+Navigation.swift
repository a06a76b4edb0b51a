import Foundation

extension Resource {
    /// The resource at this URL's path plus `subpath`, with a joining slash if needed.
    ///
    /// Always a subpath: `.`, `..`, `//` and `?` get no special meaning; characters that cannot
    /// appear in a path are percent-escaped; one leading `/` is ignored.
    ///
    /// ```swift
    /// service.resource("/widgets").child("123").child("details")   // → /widgets/123/details
    /// ```
    public func child(_ subpath: String) -> Resource {
        guard invalidURLSource == nil else { return self }
        guard let target = URLTools.appendingPath(subpath, to: url) else {
            return service.invalidResource(source: url.absoluteString + "/" + subpath)
        }
        return service.resource(absoluteURL: target)
    }

    /// The resource at `href` resolved against this resource's URL, like an `href` in a web
    /// page: `./`, `../`, a leading `/` (host root), `//host/…`, full URLs and `?query` (which
    /// replaces the query) all work.
    public func relative(_ href: String) -> Resource {
        guard invalidURLSource == nil else { return self }
        guard let target = URL(string: href, relativeTo: url)?.absoluteURL else {
            return service.invalidResource(source: href)
        }
        return service.resource(absoluteURL: target)
    }

    /// ``relative(_:)`` when `href` is present, `nil` when it is `nil`. Handy for links in JSON:
    ///
    /// ```swift
    /// resource.optionalRelative(resource.jsonDict["owner"] as? String)
    /// ```
    public func optionalRelative(_ href: String?) -> Resource? {
        href.map(relative)
    }

    /// This resource with one query parameter set, changed, or removed.
    ///
    /// An empty string gives a bare key (`?foo`); `nil` removes the parameter. All parameters
    /// are sorted by name so the same set of parameters always gives the same resource.
    /// Repeated keys and `foo=` with an empty value are not supported; build such queries
    /// with ``relative(_:)``.
    public func withParam(_ name: String, _ value: String?) -> Resource {
        withParams([name: value])
    }

    /// This resource with several query parameters set or removed; see ``withParam(_:_:)``.
    public func withParams(_ params: [String: String?]) -> Resource {
        guard invalidURLSource == nil else { return self }
        var items: [String: String?] = [:]
        for (name, value) in URLTools.queryItems(of: url) {
            items[name] = .some(value.flatMap { $0.isEmpty ? nil : $0 })
        }
        for (name, value) in params {
            if let value {
                items[name] = .some(value.isEmpty ? nil : value)
            } else {
                items.removeValue(forKey: name)
            }
        }
        let sorted = items.keys.sorted().map { ($0, items[$0]!) }
        return service.resource(absoluteURL: URLTools.replacingQuery(of: url, with: sorted))
    }
}
