import TUICore

extension BrowserState {
    /// How soon the change an action brings must be drawn: at once (``FramePacer/Reason/prompt``)
    /// for keys and for news about what the user is looking at or just asked for, or coalesced
    /// with other news in a storm (``FramePacer/Reason/background``).
    ///
    /// Called before the action is applied. `awaited` holds the URLs whose requests a key started
    /// and that have not answered yet (a refresh asked for on the watch board, say).
    public func frameReason(for action: Action, awaited: Set<String>) -> FramePacer.Reason {
        func about(_ url: String) -> FramePacer.Reason {
            url == currentURL || awaited.contains(url) ? .prompt : .background
        }
        switch action {
        case .workspace(.historyRecorded):
            return .background
        case .key, .paste, .resize, .open, .navigated, .formFinished, .workspace, .clipboard, .askPassword,
            .showViewer, .openWebSocket, .note, .pin, .filesChecked, .pipeFinished, .pathQuery, .apiDescription:
            return .prompt
        case .resourceChanged(let snapshot, _):
            return about(snapshot.url)
        case .requestHook(_, let url, _, _, _):
            return about(url)
        case .changeDetected(let url, _, _), .versionsChanged(let url, _), .watchedValue(let url, _, _):
            return about(url)
        case .schemaChecked(let check):
            return about(check.url)
        case .searchUpdate(let generation, let update):
            // The first match (where the cursor jumps) and the end are what the user waits for;
            // progress in between is background.
            guard let search, search.generation == generation else { return .background }
            return update.isFinished || (search.matches.isEmpty && !update.matches.isEmpty) ? .prompt : .background
        case .run(_, let update):
            // A row a second or a hundred: rows are drawn as frames come; the start and the end at once.
            switch update {
            case .planned, .ended, .failed: return .prompt
            case .started, .finished, .ranFirst: return .background
            }
        case .tick, .resourcesListed, .watchRefreshSent, .streamChanged, .webSocket, .pipeProgress,
            .apiDescriptionNotFound:
            return .background
        }
    }
}
