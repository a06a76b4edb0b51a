/// A YAML parser error as one line for a message: Yams describes an error over several lines
/// (position and context, the problem, the offending line, a caret); the first two are kept.
enum YAMLErrorSummary {
    /// `5:1: error: parser: while parsing a flow sequence in line 4, column 11; did not find
    /// expected ',' or ']'`.
    static func text(of error: any Error) -> String {
        let lines = String(describing: error).split(separator: "\n", omittingEmptySubsequences: true)
        let kept = lines.prefix(2).map { $0.trimmingCharacters(in: .whitespaces) }
        var text = kept.joined(separator: "; ")
        while text.hasSuffix(":") { text.removeLast() }
        return TextSanitizer.sanitize(text, maxColumns: 200)
    }
}
