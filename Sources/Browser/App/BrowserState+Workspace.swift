import Foundation
import Safety
import TUICore
import Workspace

extension BrowserState {
    // MARK: opening

    /// `h`, `C`, `e`, `K`, `I`, `S` in the main view.
    mutating func openWorkspace(_ command: KeyCommand) -> [Command] {
        switch command {
        case .history:
            open(Picker(purpose: .history))
            return [.workspace(.listHistory)]
        case .savedRequests:
            open(Picker(purpose: .collection))
            return [.workspace(.listCollection)]
        case .environments:
            open(Picker(purpose: .environment))
            return [.workspace(.listEnvironments)]
        case .cookies:
            open(Picker(purpose: .cookies))
            return [.workspace(.listCookies)]
        case .importCurl:
            open(Prompt(purpose: .importCurl))
        case .saveBody:
            guard !showsResponseHead else {
                status = StatusMessage("m shows the response head: m again for the body, then S", isError: true)
                return []
            }
            guard shownBody != nil, currentURL != nil else {
                status = StatusMessage("no body to save here", isError: true)
                return []
            }
            open(Prompt(purpose: .saveBody))
        default:
            break
        }
        return []
    }

    // MARK: answers

    mutating func applyWorkspaceUpdate(_ update: WorkspaceUpdate) -> [Command] {
        switch update {
        case .historyRecorded:
            // The list follows new exchanges while it is open.
            guard layer(Picker.self)?.purpose == .history else { return [] }
            return [.workspace(.listHistory)]
        case .queriesLoaded(let origins):
            for (origin, expressions) in origins {
                let key = Self.pathQueryRecall(origin: origin)
                // Expressions given in this run before the file was read stay the newest.
                let given = promptRecall[key]?.lines ?? []
                var recall = LineRecall(capacity: BrowserState.maximumPromptHistory)
                for line in expressions + given { recall.remember(line) }
                promptRecall[key] = recall
            }
            return []
        case .listed(let purpose, let items, let message):
            updatePicker(purpose) { picker in
                let selectedID = picker.selected?.id
                picker.items = items
                picker.isLoading = false
                picker.message = message
                if let selectedID, let index = picker.visibleItems.firstIndex(where: { $0.id == selectedID }) {
                    picker.cursor = index
                } else {
                    picker.cursor = min(picker.cursor, max(0, picker.visibleItems.count - 1))
                    picker.move(by: 0)
                }
            }
        case .show(let viewer):
            open(viewer)
        case .openForm(let form):
            layers = [form]
        case .go(let url):
            // Sent again: load(), fresh data or not, then go there (whose loadIfNeeded() finds
            // that load in flight and sends nothing more).
            layers.removeAll()
            return [.load(url: url), .navigate(path: url, from: nil)]
        case .environmentChanged(let name):
            environment = name
            status = StatusMessage(
                name.map { "environment: \($0)" } ?? "no environment: {{variables}} are left unresolved")
        }
        return []
    }
}

extension Picker {
    /// The id of the "no environment" row.
    public static let noEnvironmentID = "\u{0}none"
}

extension BrowserState {
    /// Changes the open list of kind `purpose` (the topmost, when several are open); nothing
    /// when none is.
    mutating func updatePicker(_ purpose: Picker.Purpose, _ change: (inout Picker) -> Void) {
        guard let index = layers.lastIndex(where: { ($0 as? Picker)?.purpose == purpose }),
            var picker = layers[index] as? Picker
        else { return }
        change(&picker)
        layers[index] = picker
    }
}

extension Key {
    /// True for a key that types a character into a filter.
    var isTyping: Bool {
        if case .character = self { return true }
        return false
    }
}
