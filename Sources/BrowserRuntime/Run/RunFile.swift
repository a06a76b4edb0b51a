/// One file given to a run: its requests in order, or why it could not be read.
package struct RunFile: Sendable, Hashable {
    /// The path as given or found.
    package var path: String
    /// The requests, in file order.
    package var items: [RunItem]
    /// `path:line:column: sentence` when the file could not be read; nil when it was.
    package var problem: String?
    /// What was read but cannot be done (a `.http` handler statement with no equivalent), one
    /// sentence each with its line.
    package var notes: [String]

    /// Creates a file.
    package init(path: String, items: [RunItem] = [], problem: String? = nil, notes: [String] = []) {
        self.path = path
        self.items = items
        self.problem = problem
        self.notes = notes
    }
}
