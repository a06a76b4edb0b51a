/// One request of a `.http` / `.rest` file, as the JetBrains HTTP Client and the VS Code REST
/// Client write it, with everything around it that the file says about it.
///
/// ```http
/// ### Log in
/// # @name login
/// # @no-redirect
/// POST {{base}}/login HTTP/1.1
/// Content-Type: application/json
///
/// {"user": "ada", "password": "{{password}}"}
///
/// > {% client.global.set("token", response.body.token); %}
/// ```
///
/// reads as `title` “Log in”, `name` “login”, one directive `no-redirect`, method `POST`, URL
/// `{{base}}/login`, version `HTTP/1.1`, one header, a text body and one response handler.
/// `{{…}}` placeholders of every kind (`{{host}}`, `{{$uuid}}`, `{{$processEnv HOME}}`,
/// `{{login.response.body.$.token}}`) are kept as written; they are filled when the request
/// is sent.
///
/// Two requests are equal when they say the same: where they were read (the line numbers used
/// in notes) is not compared.
///
/// Not every value can be written into a file: a URL, header or title must be one line, and a
/// body cannot start or end with blank lines or hold a line that starts with `###`, `> `, `>> `
/// or `<> `. ``HTTPFileDocument/replacing(requestAt:with:)`` and
/// ``HTTPFileDocument/appending(_:)`` say so with a problem instead of writing something that
/// would read back differently.
public struct HTTPFileRequest: Sendable, Hashable {
    /// The text after the `###` line that starts the request's block (`### Log in`), without
    /// the blank space around it; nil when the block has no separator or nothing follows `###`.
    public var title: String?
    /// The name given with `# @name NAME`, `// @name NAME` or `# @name=NAME`; nil when there
    /// is none. ``toSaved()`` falls back to ``title`` and then to `METHOD path`.
    public var name: String?
    /// Comment lines (`# …`, `// …`) of the request's block that are not directives, as
    /// written and in order, wherever they stand in the block (before the request line,
    /// among the headers, after the body). A body made of nothing but comment lines is read
    /// as comments.
    public var comments: [String]
    /// Other `# @word value` lines, in order (`@no-redirect`, `@timeout 30`, `@prompt user`).
    public var directives: [HTTPFileDirective]
    /// hammock's own directives: `# @capture token = $.token`, `# @assert status == 200`,
    /// `# @retry 10 500ms`, `# @fresh 10m`.
    public var checks: RequestChecks
    /// JetBrains pre-request scripts (`< {% … %}`, `< ./setup.js` before the request line), in
    /// order.
    public var preRequestScripts: [HTTPFileScript]
    /// The method as written (`GET`, `post`, `PROPFIND`); `GET` when the line has none.
    public var method: String
    /// The URL as written, continuation lines (indented, or starting with `?` or `&`) joined
    /// without their line breaks and indentation.
    public var url: String
    /// The version at the end of the request line (`HTTP/1.1`, `HTTP/2`), nil when none.
    public var httpVersion: String?
    /// The header lines in order, names and values with blank space around them removed; an
    /// indented line after a header continues its value (joined with one space).
    public var headers: [HeaderField]
    /// The body, nil when there is none.
    public var body: HTTPFileBody?
    /// JetBrains response handlers (`> {% … %}`, `> ./check.js`), in order.
    public var responseHandlers: [HTTPFileScript]
    /// Response references (`<> ./2024-01-01T120000.200.json`), in order.
    public var responseReferences: [String]
    /// Where the response is written (`>> file`, `>>! file`), nil when nowhere.
    public var outputRedirect: HTTPFileOutputRedirect?
    /// Where the request was read, for notes; not part of its value.
    var origin = HTTPFileOrigin()

    /// Creates a request; everything not given is empty.
    ///
    /// ```swift
    /// let request = HTTPFileRequest(method: "POST", url: "{{base}}/users",
    ///                               headers: [HeaderField(name: "Content-Type", value: "application/json")],
    ///                               body: .text(#"{"name": "Ada"}"#))
    /// ```
    public init(
        title: String? = nil, name: String? = nil, method: String = "GET", url: String,
        httpVersion: String? = nil, headers: [HeaderField] = [], body: HTTPFileBody? = nil,
        comments: [String] = [], directives: [HTTPFileDirective] = [], checks: RequestChecks = .none,
        preRequestScripts: [HTTPFileScript] = [], responseHandlers: [HTTPFileScript] = [],
        responseReferences: [String] = [], outputRedirect: HTTPFileOutputRedirect? = nil
    ) {
        self.title = title
        self.name = name
        self.comments = comments
        self.directives = directives
        self.checks = checks
        self.preRequestScripts = preRequestScripts
        self.method = method
        self.url = url
        self.httpVersion = httpVersion
        self.headers = headers
        self.body = body
        self.responseHandlers = responseHandlers
        self.responseReferences = responseReferences
        self.outputRedirect = outputRedirect
    }

    /// The 1-based line of the request line in the file it was read from; nil for a request
    /// made in code.
    public var line: Int? { origin.requestLine > 0 ? origin.requestLine : nil }
}
