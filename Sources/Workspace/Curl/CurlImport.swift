/// A curl command read into a request, with what was left out along the way.
///
/// ``notes`` are sentences for the person who pasted the command, about parts that do not
/// become part of the request: a pipe into `jq`, `-k` (hammock checks certificates as its own
/// settings say), a proxy, `-H 'Accept:'` (which only stops curl adding its own header).
/// Options that change nothing about the request (`-s`, `-L`, `-v`, `-o file`, …) are read
/// without a note.
public struct CurlImport: Sendable, Hashable {
    /// The request.
    public var definition: RequestDefinition
    /// Sentences about what was left out, in the order met; empty when nothing was.
    public var notes: [String]

    /// Creates an import result.
    public init(definition: RequestDefinition, notes: [String] = []) {
        self.definition = definition
        self.notes = notes
    }
}
