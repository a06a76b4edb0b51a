/// A `# @word value` comment line before a request that tells the client something about it:
/// `# @no-redirect`, `# @no-cookie-jar`, `# @timeout 30`, `# @prompt username Your login`,
/// `// @no-log`.
///
/// `@name` and hammock's own `@capture`, `@assert`, `@retry` and `@fresh` are not directives
/// of this kind: they are read into ``HTTPFileRequest/name`` and ``HTTPFileRequest/checks``.
/// `# @word=value` and `# @word = value` are read as `# @word value`.
public struct HTTPFileDirective: Sendable, Hashable {
    /// The word after `@`: letters, digits, `-` and `_` (`no-redirect`).
    public var name: String
    /// The rest of the line with blank space around it removed; empty when there is none.
    public var value: String

    /// Creates a directive.
    public init(name: String, value: String = "") {
        self.name = name
        self.value = value
    }
}
