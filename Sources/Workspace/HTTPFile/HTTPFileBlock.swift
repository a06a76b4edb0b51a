/// One block of a `.http` file: the text from a `###` line (or the start of the file) up to the
/// next `###` line, and what it says. The first block has no separator and may be empty;
/// blocks may hold no request (only comments and file variables, or nothing at all).
///
/// The block keeps its text, and the pieces of it the writer reuses when only part of its
/// request changes, so that saving an edited request leaves the rest of its lines alone.
struct HTTPFileBlock: Sendable, Hashable {
    /// The whole block as it is in the file.
    var text: String
    /// The `###` line with its line break, nil for the first block.
    var separator: String?
    /// The file variables (`@name = value`) of the block, in order.
    var variables: [EnvironmentVariable]
    /// Their lines as written, without line breaks.
    var variableLines: [String]
    /// The request, nil when the block has none.
    var request: HTTPFileRequest?
    /// From after the separator to the request line.
    var preambleText = ""
    /// From the request line to the end of its last header, comment among the headers, or body
    /// line, with that line's line break.
    var messageText = ""
    /// What follows the message (handlers, references, comments), up to ``trailingBlankText``.
    var trailerText = ""
    /// The blank lines at the end of the block, after the line break of its last line that is
    /// not blank.
    var trailingBlankText = ""
    /// How many of the request's comments stand before the request line, in the message, and
    /// after it.
    var commentCounts = [0, 0, 0]
    /// True when a directive stands after the request line (among headers or after the body).
    var hasLateDirectives = false
    /// True when the block's last line has a line break.
    var endsWithLineBreak = true
}
