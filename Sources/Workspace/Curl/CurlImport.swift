/// A curl command read into a request, with what was left out along the way.
///
/// ``notes`` are sentences for the person who pasted the command, one for every part that does
/// not become part of the request: a pipe into `jq`, `-H 'Accept:'` (which only stops curl adding
/// its own header), `-d @file` (curl drops the file's line breaks, hammock does not), and every
/// option hammock reads without acting on it, each saying what hammock does instead (`-k`: it
/// checks certificates unless started with `--insecure`; `-L`: it follows redirects anyway;
/// `-o file`: `S` saves the body; `--max-time`, `--connect-timeout`, proxies, certificates, …).
/// Options that only change what curl prints (`-s`, `-S`, `-v`, `-i`, `-w`, …) share one note,
/// which comes first.
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
