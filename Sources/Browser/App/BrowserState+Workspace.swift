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
            overlay = .picker(Picker(purpose: .history))
            return [.workspace(.listHistory)]
        case .savedRequests:
            overlay = .picker(Picker(purpose: .collection))
            return [.workspace(.listCollection)]
        case .environments:
            overlay = .picker(Picker(purpose: .environment))
            return [.workspace(.listEnvironments)]
        case .cookies:
            overlay = .picker(Picker(purpose: .cookies))
            return [.workspace(.listCookies)]
        case .importCurl:
            overlay = .prompt(Prompt(purpose: .importCurl))
        case .saveBody:
            guard !showsResponseHead else {
                status = StatusMessage("m shows the response head: m again for the body, then S", isError: true)
                return []
            }
            guard shownBody != nil, currentURL != nil else {
                status = StatusMessage("no body to save here", isError: true)
                return []
            }
            overlay = .prompt(Prompt(purpose: .saveBody))
        default:
            break
        }
        return []
    }

    /// F2 (save as a request) and Ctrl-Y (copy as curl) in a form.
    mutating func formWorkspaceKey(_ key: Key, form: RequestForm) -> [Command] {
        var form = form
        let headers: [(String, String)]
        do {
            headers = try form.headerFields()
        } catch {
            form.validationMessage = error.message
            overlay = .form(form)
            return []
        }
        guard let method = form.method else {
            status = StatusMessage("this form sends nothing: there is no request to save or copy")
            return []
        }
        let body = method == .delete || form.body.text.isEmpty ? nil : form.body.text
        if key == .control("y") {
            let encodedBody: String?
            if let body, form.mode == .form {
                // The bytes Ctrl-S would send.
                guard let encoded = try? RequestBody.parse(body, mode: .form).encoded?.data else {
                    form.validationMessage = "the form fields do not parse: nothing to copy yet"
                    overlay = .form(form)
                    return []
                }
                encodedBody = String(decoding: encoded, as: UTF8.self)
            } else if let body, !form.mode.isInMemory {
                // Parts and a path that read, or nothing to copy.
                do {
                    _ = try RequestBody.parse(body, mode: form.mode)
                } catch {
                    form.validationMessage = error.message + " Nothing to copy yet."
                    overlay = .form(form)
                    return []
                }
                encodedBody = body
            } else {
                encodedBody = body
            }
            var allHeaders = headers
            // A multipart or file body's Content-Type is curl's own (-F) or added when rendered.
            if encodedBody != nil, form.mode.isInMemory,
                !headers.contains(where: { $0.0.lowercased() == "content-type" })
            {
                allHeaders.append(("Content-Type", form.mode.contentType))
            }
            let kind: RequestBodyKind? = encodedBody == nil ? nil : RequestBodyKind(rawValue: form.mode.rawValue)
            return [
                .workspace(
                    .exportCurl(
                        RequestDefinition(
                            method: method.rawValue.uppercased(), url: absoluteURL(form.url.text, from: form.originURL),
                            headers: sentHeaders(allHeaders), body: encodedBody, bodyKind: kind)))
            ]
        }
        // Said before a name is asked for, so nothing typed is lost.
        guard hasCollection else {
            status = StatusMessage(
                "no collection to save to: create ./.hammock/ or start with --collection DIR", isError: true)
            return []
        }
        overlay = .prompt(Prompt(purpose: .saveRequest(form), text: form.savedRequest?.name ?? ""))
        return []
    }

    /// The URL a form's URL field means, for copying (a path is read against the resource).
    func absoluteURL(_ text: String, from origin: String) -> String {
        if text == origin { return text }
        let base = URL(string: serviceBaseURL)
        let current = URL(string: origin)
        return (try? URLInput.parse(text, base: base, current: current).absoluteString) ?? text
    }

    // MARK: prompts

    mutating func answerWorkspacePrompt(_ purpose: Prompt.Purpose, text: String) -> [Command] {
        switch purpose {
        case .importCurl:
            return [.workspace(.importCurl(text))]
        case .saveBody:
            guard let url = currentURL else { return [] }
            return [.workspace(.saveBody(url: url, path: text))]
        case .saveRequest(let form):
            overlay = .form(form)
            guard let method = form.method else { return [] }
            let headers = (try? form.headerFields()) ?? []
            let body = form.body.text.isEmpty ? nil : form.body.text
            // The name it was opened with writes the same file again; another name adds one.
            let updating = form.savedRequest.flatMap { $0.name == text ? $0.id : nil }
            return [
                .workspace(
                    .saveRequest(
                        name: text, method: method.rawValue.uppercased(), url: form.url.text, headers: headers,
                        body: body, mode: form.mode, replacing: updating))
            ]
        case .renameSavedRequest(let id):
            overlay = .picker(Picker(purpose: .collection))
            return [.workspace(.renameSavedRequest(id: id, name: text))]
        case .goTo, .search, .password, .watchInterval, .exportHAR:
            return []
        }
    }

    // MARK: viewer

    mutating func handleViewerKey(_ key: Key, viewer: inout TextViewer) -> [Command] {
        if key == .escape || key == .character("q") {
            overlay = viewer.returnTo
            return []
        }
        if key == .function(1) || key == .character("?") {
            helpScroll = 0
            overlay = .help(over: .viewer(viewer))
            return []
        }
        let page = max(1, TextViewerView.pageHeight(width: width, height: height) - 1)
        let body = viewer.body
        func move(_ amount: Int) {
            var target = max(0, viewer.position.cursor + amount)
            while target > 0 && !body.hasLine(target) { target -= max(1, min(target, amount > 0 ? 1 : target)) }
            viewer.position.cursor = target
        }
        switch key {
        case .character("j"), .down, .wheelDown: move(1)
        case .character("k"), .up, .wheelUp: move(-1)
        case .pageDown, .character(" "): move(page)
        case .pageUp: move(-page)
        case .home, .character("<"): viewer.position.cursor = 0
        case .end, .character(">"): viewer.position.cursor = max(0, body.lineCount - 1)
        case .right, .character("L"): viewer.position.left += max(1, width / 4)
        case .left, .character("H"): viewer.position.left = max(0, viewer.position.left - max(1, width / 4))
        case .enter, .character("z"):
            if let line = body.toggleFold(atLine: viewer.position.cursor) { viewer.position.cursor = line }
        default: break
        }
        viewer.position.keepCursorVisible(height: page + 1)
        overlay = .viewer(viewer)
        return []
    }

    // MARK: picker

    mutating func handlePickerKey(_ key: Key, picker: inout Picker) -> [Command] {
        defer {
            if case .picker = overlay { overlay = .picker(picker) }
        }
        switch key {
        case .escape:
            overlay = nil
            return []
        case .function(1):
            helpScroll = 0
            overlay = .help(over: .picker(picker))
            return []
        case .down, .wheelDown:
            picker.move(by: 1)
            return []
        case .up, .wheelUp:
            picker.move(by: -1)
            return []
        case .pageDown:
            picker.move(by: max(1, height - 8))
            return []
        case .pageUp:
            picker.move(by: -max(1, height - 8))
            return []
        default:
            break
        }
        // Typing and editing keys go to the filter; the cursor goes to the first row that opens.
        if key.isTyping || key == .backspace || key == .delete || key == .left || key == .right
            || key == .control("u") || key == .control("w")
        {
            picker.filter.handle(key)
            picker.moveToFirst()
            return []
        }
        guard let item = picker.selected, !item.isGroup else {
            if key == .enter {
                picker.message = "a folder: ↑ ↓ choose a request in it"
            }
            return []
        }
        switch (picker.purpose, key) {
        case (.timeline(let url), .enter), (.timeline(let url), .control("d")):
            return handleTimelineKey(key, url: url, item: item, picker: &picker)
        case (.history, .enter):
            return [.workspace(.openHistoryEntry(id: item.id))]
        case (.history, .control("r")):
            return [.workspace(.resendHistoryEntry(id: item.id))]
        case (.history, .control("d")):
            if picker.marked == item.id {
                picker.marked = nil
                picker.message = "unmarked"
                return []
            }
            guard let marked = picker.marked else {
                picker.marked = item.id
                picker.message = "marked: Ctrl-D on another entry diffs the two (on this one: unmark)"
                return []
            }
            picker.marked = nil
            picker.message = nil
            // Older first: history ids grow with time.
            let (older, newer) = (Int(marked) ?? 0) < (Int(item.id) ?? 0) ? (marked, item.id) : (item.id, marked)
            return [.workspace(.diffHistoryEntries(older, newer))]
        case (.collection, .enter):
            guard !item.isProblem else {
                picker.message = item.detail
                return []
            }
            overlay = nil
            return [.workspace(.openSavedRequest(id: item.id))]
        case (.collection, .control("n")):
            overlay = .prompt(Prompt(purpose: .renameSavedRequest(id: item.id), text: item.label))
            return []
        case (.collection, .control("y")):
            return [.workspace(.duplicateSavedRequest(id: item.id))]
        case (.collection, .control("x")):
            overlay = .confirm(
                question: "delete the saved request \(item.label)? (y/n)", yes: .deleteSavedRequest(id: item.id),
                returnTo: .picker(picker))
            return []
        case (.cookies, .enter):
            // A value shows only when asked for, one cookie at a time.
            if picker.revealed.contains(item.id) {
                picker.revealed.remove(item.id)
            } else {
                picker.revealed.insert(item.id)
            }
            return []
        case (.cookies, .control("x")):
            overlay = .confirm(
                question: "delete the cookie \(item.label.dropLast()) (\(item.detail.prefix { $0 != " " }))? (y/n)",
                yes: .deleteCookie(id: item.id), returnTo: .picker(picker))
            return []
        case (.environment, .enter):
            overlay = nil
            return [.workspace(.selectEnvironment(item.id == Picker.noEnvironmentID ? nil : item.id))]
        default:
            return []
        }
    }

    // MARK: answers

    mutating func applyWorkspaceUpdate(_ update: WorkspaceUpdate) -> [Command] {
        switch update {
        case .historyRecorded:
            // The list follows new exchanges while it is open.
            guard case .picker(let picker)? = overlay, picker.purpose == .history else { return [] }
            return [.workspace(.listHistory)]
        case .listed(let purpose, let items, let message):
            guard case .picker(var picker)? = overlay, picker.purpose == purpose else { return [] }
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
            overlay = .picker(picker)
        case .show(var viewer):
            if viewer.returnTo == nil, case .picker? = overlay { viewer.returnTo = overlay }
            if viewer.returnTo == nil, case .form? = overlay { viewer.returnTo = overlay }
            overlay = .viewer(viewer)
        case .openForm(let form):
            overlay = .form(form)
        case .go(let url):
            // Sent again: load(), fresh data or not, then go there (whose loadIfNeeded() finds
            // that load in flight and sends nothing more).
            overlay = nil
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

extension Key {
    /// True for a key that types a character into a filter.
    var isTyping: Bool {
        if case .character = self { return true }
        return false
    }
}
