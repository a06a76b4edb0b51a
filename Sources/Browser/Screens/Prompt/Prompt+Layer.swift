import Foundation
import TUICore

extension Prompt: Layer {
    /// `prompt.answer`, `prompt.earlier`…
    public static let name = "prompt"
    /// For `hammock --help`.
    public static let modeName = "a prompt (g, /, I, S, file and request names)"
    /// Answering, cancelling, recall, completion, help.
    public static let defaultBindings: [Binding] = [
        Binding("answer", [.enter], "answer (g: a URL, host:port/path or a path under the service)"),
        Binding("close", [.escape], "cancel; ↑ brings the text back (never quits)"),
        Binding("earlier", [.up], "earlier lines of this prompt: answered or cancelled"),
        Binding("later", [.down], "later lines, then what was being typed"),
        Binding("complete", [.tab], "g: complete a URL visited in this run (again: the next)"),
        Binding("help", [.function(1)], "this help"),
    ]
    /// The editing keys.
    public static let helpNotes: [(keys: String, summary: String)] = [
        ("← → Home End", "move the cursor"), ("Ctrl-A Ctrl-E", "start / end of the line"),
        ("Backspace Delete", "delete"), ("Ctrl-U Ctrl-K Ctrl-W", "delete to line start / line end / the word before"),
        ("Ctrl-C", "cancel, as Esc"),
    ]

    /// The prompt takes the footer's row.
    public var showsOwnKeys: Bool { true }

    /// `help: prompt keys`.
    public var helpTitle: String { "help: prompt keys" }

    /// Not every prompt recalls or completes.
    public func activeBindings(_ keyMap: KeyMap) -> [Binding] {
        keyMap.bindings(of: Prompt.self).filter { binding in
            switch binding.action {
            case "earlier", "later": return recallKey != nil
            case "complete": return isGoTo
            default: return true
            }
        }
    }

    /// Answers, cancels, recalls or completes.
    public mutating func perform(_ action: String, in state: inout BrowserState) -> LayerResponse {
        switch action {
        case "close":
            // What was typed is kept for Up, as a shell keeps a cancelled line.
            if isEdited {
                state.rememberPromptLine(self)
            } else if let key = recallKey {
                state.promptRecall[key]?.endWalk()
            }
            return .close
        case "answer":
            return answer(in: &state)
        case "earlier", "later":
            state.walkRecall(&self, earlier: action == "earlier")
            return .handled
        case "complete":
            state.completeURL(&self)
            return .handled
        default:
            return .handled
        }
    }

    /// Other keys edit the text.
    public mutating func handle(_ key: Key, in state: inout BrowserState) -> LayerResponse {
        completion = nil
        edit(key)
        return .handled
    }

    /// Pasted text replaces a selected text; a pasted multi-line curl command becomes one line.
    public mutating func paste(_ text: String, in state: inout BrowserState) -> LayerResponse {
        if case .importCurl = purpose {
            paste(CurlPaste.joiningContinuations(text))
        } else {
            paste(text)
        }
        return .handled
    }

    /// Ctrl-C cancels as Esc does, and says how to get the text back.
    public mutating func interrupt(in state: inout BrowserState) -> LayerResponse {
        let response = perform("close", in: &state)
        if isEdited, recallKey != nil {
            state.status = StatusMessage("cancelled: ↑ in the same prompt brings the text back")
        }
        return response
    }

    /// Draws the prompt on the status line.
    public func draw(_ state: BrowserState, into screen: inout Screen) {
        PromptView.draw(self, state: state, into: &screen)
    }

    private mutating func answer(in state: inout BrowserState) -> LayerResponse {
        if case .password = purpose {
            // Taken as typed (spaces count) and never shown or logged.
            state.status = StatusMessage("password kept for this run: Ctrl-S sends the form again")
            return .close([.workspace(.setPassword(editor.text))])
        }
        if case .importCurl = purpose {
            // A paste without bracketed paste arrives line by line: a line ending in a
            // continuation is not the end of the command.
            let typed = editor.text.trimmingCharacters(in: .whitespaces)
            if typed.hasSuffix("\\") || typed.hasSuffix("^") {
                editor.setText(String(typed.dropLast()) + " ")
                return .handled
            }
        }
        let text = editor.text.trimmingCharacters(in: .whitespaces)
        if case .watchPath = purpose, text.isEmpty {
            return .close(state.answerWatchPrompt(purpose, text: text))
        }
        guard !text.isEmpty else {
            if case .saveRequest = purpose { state.status = StatusMessage("a saved request needs a name") }
            return .close
        }
        state.rememberPromptLine(self, text: text)
        switch purpose {
        case .goTo:
            return .close(state.goTo(text))
        case .search:
            state.searchQuery = text
            return .close(state.startSearch(text))
        case .watchInterval, .watchPath, .exportHAR:
            return .close(state.answerWatchPrompt(purpose, text: text))
        case .importCurl:
            return .close([.workspace(.importCurl(text))])
        case .saveBody:
            guard let url = state.currentURL else { return .close }
            return .close([.workspace(.saveBody(url: url, path: text))])
        case .saveRequest(let form):
            return .close(form.saveCommands(name: text))
        case .renameSavedRequest(let id):
            return .close([.workspace(.renameSavedRequest(id: id, name: text))])
        case .pipe:
            return .close(state.startPipe(text))
        case .password:
            return .close
        }
    }
}

extension BrowserState {
    /// Keeps a prompt's line (`text`, or what is typed) in its kind's recall.
    mutating func rememberPromptLine(_ prompt: Prompt, text: String? = nil) {
        guard let key = prompt.recallKey else { return }
        var recall = promptRecall[key] ?? LineRecall(capacity: BrowserState.maximumPromptHistory)
        recall.remember(text ?? prompt.editor.text)
        promptRecall[key] = recall
    }

    /// Up / Down in a prompt: the lines given before to prompts of its kind, newest first, then
    /// back to what was being typed.
    mutating func walkRecall(_ prompt: inout Prompt, earlier: Bool) {
        guard let key = prompt.recallKey else { return }
        var recall = promptRecall[key] ?? LineRecall(capacity: BrowserState.maximumPromptHistory)
        defer { promptRecall[key] = recall }
        guard !recall.lines.isEmpty else {
            status = StatusMessage("no earlier answers yet")
            return
        }
        prompt.completion = nil
        prompt.isTextSelected = false
        let line = earlier ? recall.earlier(current: prompt.editor.text) : recall.later()
        if let line { prompt.editor.setText(line) }
    }

    /// Tab in the go prompt: completes the text to a URL visited in this run (whole, or as a
    /// path under the service); the next Tab shows the next match.
    mutating func completeURL(_ prompt: inout Prompt) {
        let typed = prompt.completion?.typed ?? prompt.editor.text
        var candidates: [String] = []
        for url in history + resourceOrder + goHistory.reversed() {
            for form in [url, displayPath(url)] where form.hasPrefix(typed) && form != typed {
                if !candidates.contains(form) { candidates.append(form) }
            }
        }
        guard !candidates.isEmpty else {
            status = StatusMessage("no visited URL starts with that")
            return
        }
        let index = prompt.completion.map { ($0.index + 1) % candidates.count } ?? 0
        prompt.isTextSelected = false
        prompt.completion = (typed, index)
        prompt.editor.setText(candidates[index])
        if candidates.count > 1 {
            status = StatusMessage("\(index + 1) of \(candidates.count) visited URLs: Tab for the next")
        }
    }
}
