/// Why a `.http` / `.rest` file, or an environment file beside it, cannot be read, or why a
/// request cannot be written into one: the file, the 1-based line and column when known, and
/// one sentence.
///
/// Columns count Unicode scalars from the start of the line, so a tab or an `é` is one column.
///
/// ```swift
/// do {
///     _ = try HTTPFileDocument.parse("FOO\n", file: "api.http")
/// } catch {
///     print(error)   // api.http:1:1: the request line “FOO” has no URL
/// }
/// ```
public struct HTTPFileProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, as the caller named it; nil when the text came from elsewhere.
    public var file: String?
    /// The 1-based line, nil when the problem is not about one line (an unknown environment).
    public var line: Int?
    /// The 1-based column in Unicode scalars, nil when not known.
    public var column: Int?
    /// The sentence, without the place (`the request line “FOO” has no URL`).
    public var reason: String

    /// Creates a problem.
    public init(file: String?, line: Int?, column: Int?, reason: String) {
        self.file = file
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// The place and the sentence: `api.http:12:1: the request line “FOO” has no URL`; parts
    /// that are not known are left out (`http-client.env.json: no environment “prod”`).
    public var description: String {
        let place = [file, line.map(String.init), line == nil ? nil : column.map(String.init)].compactMap { $0 }
        return place.isEmpty ? reason : place.joined(separator: ":") + ": " + reason
    }
}
