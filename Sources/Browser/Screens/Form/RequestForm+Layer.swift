import Foundation
import TUICore
import Workspace

extension RequestForm: Layer {
    /// `form.send`, `form.mode`…
    public static let name = "form"
    /// For `hammock --help`.
    public static let modeName = "a form (p u a, a saved request, a curl import)"
    /// The form's own keys: every printable key types into the focused field.
    public static let defaultBindings: [Binding] = [
        Binding("response", [.control("r")], "view the whole response", footer: -1, footerLabel: "response"),
        Binding("send", [.control("s")], "send the form: resource.request(…)", footer: 0, footerLabel: "send"),
        Binding(
            "close", [.escape], "close the form (an unsent edited draft is kept)", footer: 1,
            footerLabel: "close (keeps the draft)"),
        Binding("help", [.function(1)], "this help", footer: 2, footerLabel: "keys"),
        Binding("nextField", [.tab], "next field: URL, headers, body", footer: 3, footerLabel: "next field"),
        Binding("previousField", [.backTab], "previous field"),
        Binding(
            "mode", [.control("t")], "body mode: JSON / text / form-urlencoded / multipart/form-data / file", footer: 4,
            footerLabel: "body mode"),
        Binding(
            "method", [.control("n")], "method: GET POST PUT PATCH DELETE HEAD OPTIONS, in turn", footer: 5,
            footerLabel: "method"),
        Binding("load", [.control("g")], "after a PUT/PATCH: load() the resource"),
        Binding("override", [.control("o")], "after a PUT/PATCH: overrideLocalContent(sent body)"),
        Binding(
            "checks", [.function(3)],
            "the request's checks (captures, assertions, retry, fresh; F2 saves them with it) / the request again",
            footer: 3, footerLabel: "checks"),
        Binding("save", [.function(2)], "save the form as a request in the collection ({{variables}} kept)"),
        Binding("copyCurl", [.control("y")], "show the form as a curl command and copy it (secrets included)"),
    ]
    /// What is not a key.
    public static let helpNotes: [(keys: String, summary: String)] = [
        ("any key", "types into the focused field; Alt keys do nothing here"),
        ("checks: captures", "one a line, name: query (token: $.token, etag: header ETag)"),
        ("checks: assertions", "one a line (status == 200, $.items count >= 1, header ETag exists)"),
        ("checks: retry, fresh", "10 or 10 every 500ms; a duration (10m): how long captured values stay fresh"),
        ("Ctrl-A Ctrl-E", "start / end of the line"),
        ("Ctrl-U Ctrl-K", "delete to the start / end of the line"),
        ("Ctrl-W", "delete the word before the cursor"),
        ("arrows Home End", "move the cursor"),
        ("Ctrl-C", "cancel the request in flight; otherwise close the form as Esc does (never quits)"),
        ("(empty body)", "sends no body, in any mode and with any method"),
        ("{{name}}", "filled from the environment when sent; a missing one sends nothing"),
        ("multipart body", "one part a line, as curl -F: name=value, name=@file, name=<file"),
        ("  ;type= ;filename=", "after a part: its Content-Type, the file name sent (photo=@a.png;type=image/png)"),
        ("  name=\"…\"", "quotes a value holding ; or starting with @ or < (\\\" and \\\\ inside)"),
        ("file body", "the path of the file sent as it is (~/ is home; relative to where hammock runs)"),
        ("files", "streamed from disk when sent; the form shows each one's size, a missing one sends nothing"),
    ]

    /// The form shows its keys in its box.
    public var showsOwnKeys: Bool { true }

    /// The keys of this form: no method key in a form that sends nothing, `apply` for a local
    /// override, the response key once a response arrived.
    public func activeBindings(_ keyMap: KeyMap) -> [Binding] {
        keyMap.bindings(of: RequestForm.self).compactMap { binding in
            var binding = binding
            switch binding.action {
            case "method" where isLocalOverride, "checks" where isLocalOverride: return nil
            case "response" where response == nil: binding.footer = nil
            case "checks":
                // In the footer where there is something to see: a saved request's form, or checks.
                if page == .checks {
                    // The way back is kept before the other keys.
                    binding.footer = 2
                    binding.footerLabel = "the request"
                } else if savedRequest == nil, !hasChecks {
                    binding.footer = nil
                }
            case "send" where isLocalOverride: binding.footerLabel = "apply"
            default: break
            }
            return binding
        }
    }

    /// `help: form keys`.
    public var helpTitle: String { "help: form keys" }

    /// The form's keys.
    public mutating func perform(_ action: String, in state: inout BrowserState) -> LayerResponse {
        switch action {
        case "close":
            var nothingSent = false
            switch outcome {
            case .editing: nothingSent = true
            case .failed where response == nil: nothingSent = true
            default: break
            }
            if nothingSent, isChanged {
                state.keepDraft(self)
                let key = state.keyMap.keys(for: command).first?.name ?? "the form key"
                state.status = StatusMessage("draft kept: \(key) on this resource opens it again")
            }
            return .close
        case "save", "copyCurl":
            return workspaceAction(action, in: &state)
        case "load", "override":
            // The resource the request went to (a form from curl, C or history may name another).
            guard case .succeeded = outcome, method == .put || method == .patch,
                let url = response?.url ?? state.currentURL
            else {
                state.status = StatusMessage("Ctrl-G and Ctrl-O work once a PUT or PATCH has succeeded")
                return .handled
            }
            if action == "load" { return .close([.load(url: url)]) }
            guard let body = sentBody else { return .handled }
            return .close([.overrideLocalContent(url: url, body: body)])
        case "response":
            guard let response else {
                state.status = StatusMessage("no response yet: Ctrl-S sends the request")
                return .handled
            }
            return .open(ResponseViewer(response: response))
        case "send":
            return send(in: &state)
        case "mode":
            mode = isLocalOverride ? mode.nextInMemory : mode.next
            validationMessage = nil
        case "method":
            guard method != nil, !isSending else { return .handled }
            nextMethod()
            state.status = StatusMessage("method \(method?.rawValue ?? "")  (Ctrl-N: the next one)")
        case "checks":
            guard method != nil else { return .handled }
            turnPage()
        case "nextField", "previousField":
            let step = action == "nextField" ? 1 : -1
            let fields = page.fields
            let index = (fields.firstIndex(of: field) ?? 0) + step
            if fields.indices.contains(index) {
                field = fields[index]
            } else if page == .checks {
                state.status = StatusMessage(
                    step == 1 ? "fresh is the last field of the checks: Shift-Tab goes back" : "captures come first")
            } else {
                state.status = StatusMessage(
                    step == 1 ? "the body is the last field: Shift-Tab goes back" : "the URL is the first field")
            }
        default:
            break
        }
        return .handled
    }

    /// Other keys edit the focused field.
    public mutating func handle(_ key: Key, in state: inout BrowserState) -> LayerResponse {
        switch field {
        case .url: url.handle(key)
        case .headers: headers.handle(key)
        case .body: body.handle(key)
        case .captures: captures.handle(key)
        case .assertions: assertions.handle(key)
        case .retry: retry.handle(key)
        case .fresh: fresh.handle(key)
        }
        if field.page == .checks { validationMessage = nil }
        return .handled
    }

    /// Pasted text goes into the focused field, as it is.
    public mutating func paste(_ text: String, in state: inout BrowserState) -> LayerResponse {
        switch field {
        case .url: url.insert(text)
        case .headers: headers.insert(text)
        case .body: body.insert(text)
        case .captures: captures.insert(text)
        case .assertions: assertions.insert(text)
        case .retry: retry.insert(text)
        case .fresh: fresh.insert(text)
        }
        if field.page == .checks { validationMessage = nil }
        return .handled
    }

    /// Ctrl-C cancels the request in flight; otherwise it closes the form as Esc does.
    public mutating func interrupt(in state: inout BrowserState) -> LayerResponse {
        if case .sending = outcome {
            state.status = StatusMessage("cancelling the request (Esc closes the form)")
            return .handled([.cancelFormRequest])
        }
        return perform("close", in: &state)
    }

    /// Draws the form.
    public func draw(_ state: BrowserState, into screen: inout Screen) {
        FormView.draw(self, state: state, into: &screen)
    }

    private mutating func send(in state: inout BrowserState) -> LayerResponse {
        if case .sending = outcome { return .handled }
        guard let url = state.currentURL else { return .handled }
        if isLocalOverride {
            guard let body = validatedBody() else { return .handled }
            return .close([.overrideLocalContent(url: url, body: body)])
        }
        guard let draft = draft() else { return .handled }
        outcome = .sending
        response = nil
        sentBody = draft.body
        return .handled([.send(draft, from: url)])
    }

    /// F2 (save as a request) and Ctrl-Y (copy as curl).
    private mutating func workspaceAction(_ action: String, in state: inout BrowserState) -> LayerResponse {
        let headers: [(String, String)]
        do {
            headers = try headerFields()
        } catch {
            validationMessage = error.message
            return .handled
        }
        guard let method else {
            state.status = StatusMessage("this form sends nothing: there is no request to save or copy")
            return .handled
        }
        let bodyText = method == .delete || body.text.isEmpty ? nil : body.text
        guard action == "copyCurl" else {
            // Said before a name is asked for, so nothing typed is lost.
            guard state.hasCollection else {
                state.status = StatusMessage(
                    "no collection to save to: create ./.hammock/ or start with --collection DIR", isError: true)
                return .handled
            }
            // A check that does not read would make a file that does not read: refused here.
            guard validateChecks() else { return .handled }
            return .open(Prompt(purpose: .saveRequest(self), text: savedRequest?.name ?? ""))
        }
        let encodedBody: String?
        if let bodyText, mode == .form {
            // The bytes Ctrl-S would send.
            guard let encoded = try? RequestBody.parse(bodyText, mode: .form).encoded?.data else {
                validationMessage = "the form fields do not parse: nothing to copy yet"
                return .handled
            }
            encodedBody = String(decoding: encoded, as: UTF8.self)
        } else if let bodyText, !mode.isInMemory {
            // Parts and a path that read, or nothing to copy.
            do {
                _ = try RequestBody.parse(bodyText, mode: mode)
            } catch {
                validationMessage = error.message + " Nothing to copy yet."
                return .handled
            }
            encodedBody = bodyText
        } else {
            encodedBody = bodyText
        }
        var allHeaders = headers
        // A multipart or file body's Content-Type is curl's own (-F) or added when rendered.
        if encodedBody != nil, mode.isInMemory, !headers.contains(where: { $0.0.lowercased() == "content-type" }) {
            allHeaders.append(("Content-Type", mode.contentType))
        }
        let kind: RequestBodyKind? = encodedBody == nil ? nil : RequestBodyKind(rawValue: mode.rawValue)
        return .handled([
            .workspace(
                .exportCurl(
                    RequestDefinition(
                        method: method.rawValue.uppercased(), url: state.absoluteURL(url.text, from: originURL),
                        headers: state.sentHeaders(allHeaders), body: encodedBody, bodyKind: kind)))
        ])
    }

    /// The commands that save this form's request, with its checks, in the collection under
    /// `name` (the name it was opened with writes the same file again; another name adds one).
    func saveCommands(name: String) -> [Command] {
        guard let method else { return [] }
        let headers = (try? headerFields()) ?? []
        let bodyText = body.text.isEmpty ? nil : body.text
        let updating = savedRequest.flatMap { $0.name == name ? $0.id : nil }
        return [
            .workspace(
                .saveRequest(
                    name: name, method: method.rawValue.uppercased(), url: url.text, headers: headers, body: bodyText,
                    mode: mode, checks: (try? checks()) ?? .none, replacing: updating))
        ]
    }
}

extension BrowserState {
    /// Keeps an unsent, edited form until the same kind of form is opened on its resource.
    mutating func keepDraft(_ form: RequestForm) {
        var form = form
        // It comes back ready to edit and send, whatever refused it before.
        form.outcome = .editing
        form.validationMessage = nil
        let key = form.draftKey
        keptFormOrder.removeAll { $0 == key }
        keptFormOrder.append(key)
        keptForms[key] = form
        while keptFormOrder.count > BrowserState.maximumKeptForms {
            keptForms.removeValue(forKey: keptFormOrder.removeFirst())
        }
    }

    /// The URL a form's URL field means, for copying (a path is read against the resource).
    func absoluteURL(_ text: String, from origin: String) -> String {
        if text == origin { return text }
        let base = URL(string: serviceBaseURL)
        let current = URL(string: origin)
        return (try? URLInput.parse(text, base: base, current: current).absoluteString) ?? text
    }
}
