/// One request file of a collection.
///
/// A file that could not be read keeps its place in the tree with ``problem`` set and
/// ``definition`` nil, so a broken file is shown with its error instead of vanishing.
public struct SavedRequest: Sendable, Hashable, Identifiable {
    /// The file's path relative to the collection folder, with `/` between folders
    /// (`users/create-a-user.yaml`). Stable while the file is not renamed.
    public var id: String
    /// The request's name: its `name:` key, or the file name without extension when the file
    /// has none or could not be read.
    public var name: String
    /// The request; nil exactly when ``problem`` is set.
    public var definition: RequestDefinition?
    /// What a run does with the answer: captures, assertions, retry, freshness.
    public var checks: RequestChecks
    /// Why the file could not be read; nil for a good file.
    public var problem: CollectionFileProblem?

    /// Creates an entry.
    public init(
        id: String, name: String, definition: RequestDefinition?, checks: RequestChecks = .none,
        problem: CollectionFileProblem? = nil
    ) {
        self.id = id
        self.name = name
        self.definition = definition
        self.checks = checks
        self.problem = problem
    }

    /// The group (folder) the file is in, relative to the collection; empty for the top level.
    /// For a request of a `.http` file (`api/requests.http#2`), the file (`api/requests.http`).
    public var group: String {
        if let (file, _) = RequestCollection.httpRequestParts(of: id) { return file }
        guard let slash = id.lastIndex(of: "/") else { return "" }
        return String(id[..<slash])
    }

    /// The file name (`create-a-user.yaml`; `requests.http` for a request of a `.http` file).
    public var fileName: String {
        let file = RequestCollection.httpRequestParts(of: id)?.file ?? id
        guard let slash = file.lastIndex(of: "/") else { return file }
        return String(file[file.index(after: slash)...])
    }
}
