/// A request of a `.http` file in hammock's terms, with what did not carry over: what
/// ``HTTPFileRequest/toSaved()`` returns.
///
/// ```swift
/// let saved = document.requests[0].toSaved()
/// saved.name          // "login"
/// saved.definition    // POST {{base}}/login, its headers and body
/// saved.checks        // captures and assertions from # @capture / # @assert and the handler
/// saved.notes         // ["api.http:14: the handler statement `console.log(response.body)` has …"]
/// ```
public struct HTTPFileSavedRequest: Sendable, Hashable {
    /// The name: `# @name`, else the `###` title, else `METHOD path` (`GET /users`).
    public var name: String
    /// Method (upper-case), URL, headers and body with its kind.
    public var definition: RequestDefinition
    /// hammock's own directives, then what the response handlers' statements map to.
    public var checks: RequestChecks
    /// One sentence for each thing the file says that hammock does not do or does
    /// differently, naming the file and line (`api.http:14: …`); empty when nothing was lost.
    public var notes: [String]

    /// Creates a value.
    public init(name: String, definition: RequestDefinition, checks: RequestChecks, notes: [String] = []) {
        self.name = name
        self.definition = definition
        self.checks = checks
        self.notes = notes
    }
}
