import Browser
import Foundation
import Siesta

extension ResourceBrowser {
    /// After a successful write, what shows must not be the data from before it: the resource the
    /// request went to and its parent collection are marked stale (`invalidate()`), a deleted
    /// resource is wiped (it is gone), and those of them on screen (the resource in focus, pinned
    /// ones) are loaded again. Events says which.
    func followWrite(_ method: RequestMethod, to target: Resource, status: Int?) {
        guard method != .get, method != .head else { return }
        let urls = Self.staleAfterWrite(to: target.url)
        let known = Dictionary(
            service.cachedResources.map { ($0.url.absoluteString, $0) }, uniquingKeysWith: { first, _ in first })
        var wiped: [String] = []
        var invalidated: [String] = []
        for url in urls {
            guard let resource = known[url] else { continue }
            if method == .delete, url == target.url.absoluteString {
                forgetCachedEntity?(resource)
                execute(.wipe(url: url))
                wiped.append(url)
            } else if resource.latestData != nil || resource.latestError != nil {
                execute(.invalidate(url: url))
                invalidated.append(url)
            }
        }
        let marked = wiped + invalidated
        guard !marked.isEmpty else { return }
        let statusText = status.map { " \($0)" } ?? ""
        func names(_ urls: [String]) -> String { urls.map { state.displayPath($0) }.joined(separator: " and ") }
        var said: [String] = []
        if !wiped.isEmpty { said.append("wiped the deleted resource: \(names(wiped))") }
        if !invalidated.isEmpty { said.append("invalidate(): \(names(invalidated))") }
        dispatch(
            .note(
                "\(method.rawValue.uppercased())\(statusText): \(said.joined(separator: "; "))", isError: false))
        let onScreen = Set([state.currentURL].compactMap { $0 } + state.watch.entries.map(\.url))
        for url in marked where onScreen.contains(url) {
            execute(.loadIfNeeded(url: url))
        }
    }

    /// The URLs a write to `url` makes stale: `url` itself, then its parent collection (the path
    /// without its last segment, no query), unless that is the service's root.
    static func staleAfterWrite(to url: URL) -> [String] {
        var result = [url.absoluteString]
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return result }
        var path = components.percentEncodedPath
        while path.hasSuffix("/"), path.count > 1 { path.removeLast() }
        guard let slash = path.lastIndex(of: "/"), slash > path.startIndex else { return result }
        components.percentEncodedPath = String(path[..<slash])
        components.percentEncodedQuery = nil
        components.fragment = nil
        if let parent = components.url?.absoluteString, parent != url.absoluteString { result.append(parent) }
        return result
    }
}
