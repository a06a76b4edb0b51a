/// The words of one command line, as a shell would hand them to the program, and where reading
/// stopped when the text went on past the command.
struct CommandWords: Sendable, Equatable {
    /// The words in order, quotes and escapes resolved, nothing expanded.
    var words: [String]
    /// The shell operator that ended the command (`|`, `;`, `&&`, `>`, …), when text followed it.
    var stoppedAt: String?
}
