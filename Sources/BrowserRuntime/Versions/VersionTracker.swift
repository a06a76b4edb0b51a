import Browser
import Foundation
import OrderedJSON
import Siesta
import Workspace

/// Keeps this run's versions of every resource's data and diffs each new version against the
/// one before it, off the main actor.
///
/// One diff runs per resource at a time: a version that arrives meanwhile waits, and only the
/// newest waiting one is diffed next, so a resource that changes faster than it can be diffed
/// costs one diff at a time, not a queue of them. Results arrive as actions through
/// ``dispatch``: `.versionsChanged` when a version is kept, `.changeDetected` when a diff ends,
/// `.showViewer` with the diff of two versions a user asked to compare, `.watchedValue` with what
/// a resource's watch path selects.
///
/// A resource watched by a JSONPath (``watch(_:by:)``) has its diffs limited to the values the
/// path selects.
@MainActor
final class VersionTracker {
    /// Where results go.
    var dispatch: @MainActor (Action) -> Void = { _ in }
    /// This run's versions of every resource's data.
    private let store = VersionStore()
    /// The diff running for each resource.
    private var running: [String: Task<Void, Never>] = [:]
    /// The diff waiting for each resource's running one to end.
    private var waiting: [String: (old: ChangeDetector.Version, new: ChangeDetector.Version, id: Int)] = [:]
    /// The JSONPath each resource watched by path is watched by.
    private var paths: [String: JSONPath] = [:]

    /// Limits `url`'s diffs from now on to what `expression` (a JSONPath) selects, or to nothing
    /// (nil); says what it selects in the latest version, worked out off the main actor.
    func watch(_ url: String, by expression: String?) {
        guard let expression, let path = try? JSONPath(expression) else {
            paths[url] = nil
            return
        }
        paths[url] = path
        guard let latest = store.versions(of: url).last, let body = store.body(of: latest.id) else { return }
        announceValue(of: url, path: path, in: body)
    }

    /// Works out what `path` selects in `body` off the main actor and dispatches it.
    private func announceValue(of url: String, path: JSONPath, in body: ChangeDetector.Version) {
        let dispatch = dispatch
        Task.detached(priority: .utility) {
            let value = ChangeDetector.watchedValue(path, in: body)
            await dispatch(.watchedValue(url: url, path: path.expression, value))
        }
    }

    /// Keeps a new version of `url`'s data and, when there was one before, diffs the two off the
    /// main actor; the result arrives as `.changeDetected`.
    func record(_ body: BodyContent, of url: String, event: ResourceEvent, size: Int?) {
        guard let version = Self.comparable(body) else { return }
        let (added, previous) = store.add(
            url: url, event: event.description, time: Date().timeIntervalSince1970, body: version,
            size: size ?? body.bytes?.count ?? 0, memory: Self.memory(of: version))
        dispatch(.versionsChanged(url: url, store.versions(of: url)))
        guard let previous else {
            if let path = paths[url] { announceValue(of: url, path: path, in: version) }
            return
        }
        startDiff(url: url, old: previous, new: version, id: added.id)
    }

    /// Shows versions `older` and `newer` of `url` as a diff, computed off the main actor;
    /// `path` names the resource in the title.
    func compare(url: String, older: Int, newer: Int, path: String) {
        guard let old = store.body(of: older), let new = store.body(of: newer) else {
            dispatch(.note("that version's body was let go to save memory: only recent bodies are kept", isError: true))
            return
        }
        // Named as the timeline's rows name them: by their number among this resource's versions.
        let numbers = [older, newer].map { id in store.number(of: id, url: url).map { "#\($0)" } ?? "?" }
        let title = "versions \(numbers[0]) → \(numbers[1]) · \(path)"
        let dispatch = dispatch
        Task.detached(priority: .userInitiated) {
            let change = ChangeDetector.compare(old, new)
            await dispatch(
                .showViewer(TextViewer(title: title, note: change.summary, text: change.diffText, kind: .diff)))
        }
    }

    private func startDiff(url: String, old: ChangeDetector.Version, new: ChangeDetector.Version, id: Int) {
        guard running[url] == nil else {
            waiting[url] = (old, new, id)
            return
        }
        let path = paths[url]
        running[url] = Task.detached(priority: .utility) { [weak self] in
            let change = ChangeDetector.compare(old, new, within: path)
            await self?.changeDetected(url: url, version: id, change: change)
        }
    }

    private func changeDetected(url: String, version: Int, change: ResourceChange) {
        running[url] = nil
        dispatch(.changeDetected(url: url, version: version, change))
        if let next = waiting.removeValue(forKey: url) {
            startDiff(url: url, old: next.old, new: next.new, id: next.id)
        }
    }

    /// Bytes a kept version holds: a JSON document's index is about as large as its bytes.
    private static func memory(of version: ChangeDetector.Version) -> Int {
        switch version {
        case .json(let document): return document.data.count * 2
        case .text(let text): return text.utf8.count
        case .bytes(let data): return data.count
        }
    }

    /// A body as a version to compare: its JSON document, its text, or its bytes.
    private static func comparable(_ body: BodyContent) -> ChangeDetector.Version? {
        switch body {
        case .json(let outline): return .json(outline.document)
        case .text(let document): return .text(document.text)
        case .binary(let document): return .bytes(document.data)
        case .empty: return nil
        }
    }
}
