/// A JetBrains script around a request: a response handler (`> {% … %}` or `> ./handler.js`
/// after the body) or a pre-request script (`< {% … %}` or `< ./setup.js` before the request
/// line).
///
/// The script's text is kept exactly, so a file read and written again holds the same bytes;
/// ``HTTPFileRequest/toSaved()`` turns the statements it understands into captures and
/// assertions.
///
/// ```http
/// GET {{base}}/me
///
/// > {% client.global.set("id", response.body.id); %}
/// ```
///
/// gives `.inline(" client.global.set(\"id\", response.body.id); ")`.
public enum HTTPFileScript: Sendable, Hashable {
    /// The text between `{%` and `%}`, spaces and line breaks included. It cannot hold `%}` or
    /// a line starting with `###`.
    case inline(String)
    /// The path of a script file, as written; never read here.
    case file(String)
}
