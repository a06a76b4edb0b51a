/// The body of a request in a `.http` file: text written in place, or a file named with `<`.
///
/// ```http
/// POST {{base}}/users
/// Content-Type: application/json
///
/// {"name": "Ada"}
/// ```
///
/// gives `.text("{\"name\": \"Ada\"}")`, and a body that is the single line `< ./user.json` gives
/// `.file(path: "./user.json", fillsVariables: false, encoding: nil)`.
public enum HTTPFileBody: Sendable, Hashable {
    /// Text written in the file, byte for byte: from the first line after the blank line that
    /// ends the headers to the end of the last line that is not blank, without that line's line
    /// break. Line breaks inside are kept as the file has them (`\r\n` in a CRLF file).
    /// Leading and trailing blank lines are not part of it: they separate it from what comes
    /// before and after, and a `.http` file cannot hold them. A multipart body is text too, its
    /// `< ./file` lines included.
    case text(String)
    /// The bytes of a file: `< ./path` (sent as they are), or `<@ ./path` (the VS Code REST
    /// Client and JetBrains read `{{variables}}` in the file first), with an encoding after the
    /// `@` in VS Code's form (`<@latin1 ./path`). The path is as written, relative to the
    /// `.http` file's folder when it is not absolute; it is never read here.
    case file(path: String, fillsVariables: Bool, encoding: String?)
}
