import Foundation

/// The three-way merge of one saved request: the request as generated last time (the base),
/// the file as it is now (the user's), and the request as generated now (the description's).
///
/// Field by field (method, URL, each header by name, body kind, body): a field the user left as
/// generated follows the description; a field the user changed keeps the user's value, and
/// when the description changed it too that is said (``kept``). A header the user removed stays
/// removed; one the description adds is added; one the description drops goes unless the user
/// changed it.
struct RequestMerge {
    /// The merged request.
    var definition: RequestDefinition
    /// Fields that took the description's new value.
    var followed: [String] = []
    /// Fields where the user's edit was kept over a change in the description, with what the
    /// description says now.
    var kept: [(field: String, description: String)] = []

    /// Merges `mine` (the file) with `theirs` (generated now) over `base` (generated before).
    init(base: RequestDefinition, mine: RequestDefinition, theirs: RequestDefinition) {
        definition = mine
        definition.method = field("method", base.method, mine.method, theirs.method, show: { $0 })
        definition.url = field("url", base.url, mine.url, theirs.url, show: { $0 })
        definition.bodyKind = field(
            "bodyKind", base.bodyKind, mine.bodyKind, theirs.bodyKind, show: { $0?.rawValue ?? "none" })
        definition.body = field("body", base.body, mine.body, theirs.body, show: Self.clip)
        definition.headers = headers(base: base.headers, mine: mine.headers, theirs: theirs.headers)
    }

    /// One field: the description's value when the user left it as generated, else the user's.
    private mutating func field<Value: Equatable>(
        _ name: String, _ base: Value, _ mine: Value, _ theirs: Value, show: (Value) -> String
    ) -> Value {
        if mine == base {
            if theirs != base { followed.append(name) }
            return theirs
        }
        if theirs != base && theirs != mine { kept.append((name, show(theirs))) }
        return mine
    }

    /// Headers by name (case aside), every value of a repeated name together as one field:
    /// the user's in their order, then the description's new ones.
    private mutating func headers(base: [HeaderField], mine: [HeaderField], theirs: [HeaderField]) -> [HeaderField] {
        func values(_ fields: [HeaderField], _ name: String) -> [String]? {
            let found = fields.filter { $0.name.lowercased() == name }.map(\.value)
            return found.isEmpty ? nil : found
        }
        func show(_ list: [String]?) -> String { list?.joined(separator: ", ") ?? "(none)" }
        var result: [HeaderField] = []
        var seen = Set<String>()
        var changed = false
        for header in mine + theirs {
            let name = header.name.lowercased()
            guard seen.insert(name).inserted else { continue }
            // New in the description: added. Removed by the user (in base, not mine): stays removed.
            let own = values(mine, name)
            let merged = field("header \(header.name)", values(base, name), own, values(theirs, name), show: show)
            if merged != own { changed = true }
            for value in merged ?? [] { result.append(HeaderField(name: header.name, value: value)) }
        }
        // Nothing to follow: the user's headers as they are, order and all.
        return changed ? result : mine
    }

    /// A body on one line, cut to 40 characters.
    private static func clip(_ body: String?) -> String {
        body.map { OneLine.clip($0, width: 40) } ?? "no body"
    }
}
