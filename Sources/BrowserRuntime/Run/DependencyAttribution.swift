import Browser
import Workspace

/// Which request each dependency of a run ran first for, and for which of its values, worked
/// out from the run's progress: a request that ran as a dependency waits until a request that
/// uses its values starts (the one that needed it starts right after it, the engine runs
/// dependencies just before), which then names the placeholders it uses (`{{token}}`,
/// `{{login.response.body}}`).
///
/// Runs one request at a time are attributed exactly; with several files at once a dependency is
/// put down to the first request that starts after it and uses its values.
struct DependencyAttribution {
    /// Every request of the run by key.
    private let items: [String: RunItem]
    /// The texts the environment's auth adds to every request.
    private let authTexts: [String]
    /// Dependencies done, waiting for the request that needed them.
    private var waiting: [RunItem] = []

    /// An attribution over `items` with the environment of `options`.
    init(items: [RunItem], options: RunOptions) {
        var byKey: [String: RunItem] = [:]
        for item in items where byKey[RunController.key(of: item)] == nil { byKey[RunController.key(of: item)] = item }
        self.items = byKey
        authTexts = options.environment.auth?.fields.map(\.value) ?? []
    }

    /// A request finished: one that ran as a dependency waits for the one that needed it.
    mutating func finished(_ result: RunRequestResult) {
        guard result.ranAsDependency,
            let item = items[RunResultRow.key(file: result.file, line: result.line, name: result.name)]
        else { return }
        waiting.append(item)
    }

    /// A request started: the dependencies it uses, said (`.ranFirst`) and no longer waiting.
    mutating func started(_ item: RunItem) -> [RunUpdate] {
        guard !waiting.isEmpty else { return [] }
        let references = Self.references(of: item, auth: authTexts)
        var notes: [RunUpdate] = []
        waiting.removeAll { dependency in
            var placeholders: [String] = []
            for reference in references {
                let uses: Bool
                switch reference {
                case .variable(let name): uses = dependency.checks.captures.contains { $0.name == name }
                case .requestValue(let value):
                    uses = value.request == dependency.name || dependency.aliases.contains(value.request)
                default: uses = false
                }
                if uses, !placeholders.contains(reference.placeholder) { placeholders.append(reference.placeholder) }
            }
            guard !placeholders.isEmpty else { return false }
            notes.append(.ranFirst(request: dependency.name, placeholders: placeholders, neededBy: item.name))
            return true
        }
        return notes
    }

    /// Every placeholder of `item`: URL, headers, body, assertions, and the environment's auth.
    private static func references(of item: RunItem, auth: [String]) -> [VariableReference] {
        var texts = [item.definition.url, item.definition.body ?? ""]
        texts += item.definition.headers.flatMap { [$0.name, $0.value] }
        texts += item.checks.assertions
        texts += auth
        return texts.flatMap { Template($0).references }
    }
}
