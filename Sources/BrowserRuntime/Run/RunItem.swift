import Workspace

/// One request a run can send: what it is, where it was written, and what to do with its answer.
package struct RunItem: Sendable, Hashable {
    /// The request's name (`name:`, `# @name`, the `###` title, or the file name).
    package var name: String
    /// The file it is in.
    package var file: String
    /// The line where it starts; nil for a YAML request file.
    package var line: Int?
    /// The request, placeholders unfilled.
    package var definition: RequestDefinition
    /// Captures, assertions, retry, freshness.
    package var checks: RequestChecks
    /// Variables given by the file itself (`@base = …` in a `.http` file), below captures and
    /// `--var`, above the environment.
    package var fileVariables: [EnvironmentVariable]
    /// The folder relative paths in the request (file bodies, expected files, schemas) start from.
    package var folder: String
    /// Other names it answers to in `{{name.response…}}`: the file name without extension.
    package var aliases: [String]

    /// Creates an item.
    package init(
        name: String, file: String, line: Int? = nil, definition: RequestDefinition, checks: RequestChecks = .none,
        fileVariables: [EnvironmentVariable] = [], folder: String, aliases: [String] = []
    ) {
        self.name = name
        self.file = file
        self.line = line
        self.definition = definition
        self.checks = checks
        self.fileVariables = fileVariables
        self.folder = folder
        self.aliases = aliases
    }

    /// A key that tells items apart within a run.
    package var key: String { "\(file)#\(line ?? 0)#\(name)" }

    /// The line shown for it: `login.yaml`, `api.http:12 Create a user`.
    package var label: String {
        if let line { return "\(file):\(line) \(name)" }
        return file
    }
}
