/// A one-line question at the bottom of the screen (go to URL, search).
public struct Prompt: Sendable {
    /// What the answer is for.
    public enum Purpose: Sendable {
        /// `g`: a URL, a bare host, or a path under the service, read by ``URLInput``.
        case goTo
        /// `/`: a search in latestData.
        case search
    }

    /// The purpose.
    public var purpose: Purpose
    /// The text typed so far.
    public var editor: TextEditor

    /// Creates a prompt with optional initial text.
    public init(purpose: Purpose, text: String = "") {
        self.purpose = purpose
        self.editor = TextEditor(text, singleLine: true)
    }

    /// The label before the input.
    public var label: String {
        switch purpose {
        case .goTo: return "go to (URL, host:port/path, or path under the service): "
        case .search: return "search: "
        }
    }
}
