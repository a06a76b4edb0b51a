import TUICore

/// A one-line question at the bottom of the screen (go to URL, search, file names); a layer
/// over whatever it was opened from.
public struct Prompt: @unchecked Sendable {
    /// What the answer is for.
    public enum Purpose {
        /// `g`: a URL, a bare host, or a path under the service, read by ``URLInput``.
        case goTo
        /// `/`: a search in latestData.
        case search
        /// A curl command to turn into a form.
        case importCurl
        /// A file path to write the shown body to.
        case saveBody
        /// A name for the form's request in the collection (the form comes back after).
        case saveRequest(RequestForm)
        /// A new name for saved request `id`.
        case renameSavedRequest(id: String)
        /// A refresh interval for the pinned resource at `url`, in seconds.
        case watchInterval(url: String)
        /// A JSONPath to watch the pinned resource at `url` by (empty: the whole body).
        case watchPath(url: String)
        /// A file path to write the session's HAR to.
        case exportHAR
        /// The basic-auth password of `username`, never shown.
        case password(username: String)
        /// A shell command to pipe the shown body to.
        case pipe

        /// The name of the recall this purpose's lines share; nil for the password, never kept.
        public var recallKey: String? {
            switch self {
            case .goTo: return "go"
            case .search: return "search"
            case .importCurl: return "curl"
            case .saveBody, .exportHAR: return "file"
            case .saveRequest, .renameSavedRequest: return "name"
            case .watchInterval: return "interval"
            case .watchPath: return "watchpath"
            case .pipe: return "pipe"
            case .password: return nil
            }
        }
    }

    /// The purpose.
    public var purpose: Purpose

    /// The name of the ``LineRecall`` this prompt's lines go to (prompts that ask the same kind of
    /// thing share one); nil for the password prompt, whose text is never kept.
    public var recallKey: String? { purpose.recallKey }

    /// True for the password prompt, whose text is never drawn.
    public var isSecret: Bool {
        if case .password = purpose { return true }
        return false
    }

    /// True for the go prompt, which has history and completion.
    public var isGoTo: Bool {
        if case .goTo = purpose { return true }
        return false
    }
    /// The text typed so far.
    public var editor: TextEditor
    /// The Tab completion in progress: what was typed, and which candidate shows now.
    public var completion: (typed: String, index: Int)?
    /// True while the text the prompt opened with is selected, as in an address bar: typing or
    /// pasting replaces it, Backspace clears it, and the arrow keys, Home and End keep it for
    /// editing.
    public var isTextSelected = false

    /// Creates a prompt with optional initial text.
    public init(purpose: Purpose, text: String = "") {
        self.purpose = purpose
        self.editor = TextEditor(text, singleLine: true)
        self.isTextSelected = !text.isEmpty
    }

    /// Handles a key for the text, honouring ``isTextSelected``.
    public mutating func edit(_ key: Key) {
        if isTextSelected {
            isTextSelected = false
            switch key {
            case .character: editor.setText("")
            case .backspace, .delete:
                editor.setText("")
                return
            default: break
            }
        }
        editor.handle(key)
    }

    /// Inserts pasted text, replacing selected text.
    public mutating func paste(_ text: String) {
        if isTextSelected {
            isTextSelected = false
            editor.setText("")
        }
        editor.insert(text)
    }

    /// True when the text was typed or edited here, not only the text the prompt opened with.
    public var isEdited: Bool { !isTextSelected && !editor.text.isEmpty }

    /// The label before the input.
    public var label: String {
        switch purpose {
        case .goTo: return "go to (URL, host:port/path, or path under the service): "
        case .search: return "search: "
        case .importCurl: return "curl command: "
        case .saveBody: return "save the body to file: "
        case .saveRequest: return "save as request named: "
        case .renameSavedRequest: return "new name: "
        case .watchInterval: return "refresh every (seconds, e.g. 2 or 0.5): "
        case .watchPath: return "watch only the values at (JSONPath, e.g. $.status; empty: the whole body): "
        case .exportHAR: return "write the session as HAR to file: "
        case .password(let username): return "password for \(username) (not shown): "
        case .pipe: return "pipe the body to (a shell command, e.g. jq '.[].id'): "
        }
    }
}
