import Foundation
import Siesta
import Workspace

/// The state of a request form: method, URL, headers and body, the focused field, and the
/// outcome once sent. A form opens with the body focused, so typing goes straight into it.
///
/// Keys (fixed, not remappable): every printable key types into the focused field; Tab /
/// Shift-Tab move between fields in the order URL → headers → body (they stop at the ends
/// rather than wrap around, so a Tab too many never lands typing in the URL), Ctrl-T cycles the body mode (JSON, text,
/// form-urlencoded, multipart/form-data, file; the `o` form keeps to the first three),
/// Ctrl-S sends, Ctrl-R shows the whole response once one arrived, F1 shows these keys, Esc
/// closes (an edited draft that was not sent is kept for the next form of its kind on the same
/// resource). After a successful PUT or PATCH the form offers Ctrl-G (load()) and Ctrl-O
/// (overrideLocalContent with the sent body). F3 turns to the request's checks (captures,
/// assertions, retry, freshness; ``Page/checks``), which F2 saves with the request.
public struct RequestForm: @unchecked Sendable {
    /// The fields a form has: the request's on the first page, the checks' on the second.
    public enum Field: Int, CaseIterable, Sendable {
        /// The URL line.
        case url
        /// Header lines (`Name: value`).
        case headers
        /// The body editor.
        case body
        /// Capture lines (`name: query`).
        case captures
        /// Assertion lines, one a line.
        case assertions
        /// The retry line (`10`, `10 every 500ms`).
        case retry
        /// How long captured values stay fresh (`10m`).
        case fresh

        /// The page the field is on.
        public var page: Page { rawValue <= Field.body.rawValue ? .request : .checks }
    }

    /// The two pages of a form: the request, and what a run does with its answer.
    public enum Page: Sendable, Equatable {
        /// Method, URL, headers and body.
        case request
        /// Captures, assertions, retry and freshness (``RequestChecks``).
        case checks

        /// The fields on the page, in Tab order.
        public var fields: [Field] {
            switch self {
            case .request: [.url, .headers, .body]
            case .checks: [.captures, .assertions, .retry, .fresh]
            }
        }
    }

    /// What happened to the form's request.
    public enum Outcome: @unchecked Sendable {
        /// Not sent yet.
        case editing
        /// Sent, waiting for the response.
        case sending
        /// `onSuccess` fired with this status and body text (sanitised later when drawn).
        case succeeded(status: Int?, body: String)
        /// `onFailure` fired.
        case failed(status: Int?, message: String, body: String?)
    }

    /// What a form does with its body.
    public enum Purpose: Sendable, Equatable {
        /// Sends a request with this method through `resource.request(...)`.
        case send(RequestMethod)
        /// Calls `overrideLocalContent(with:)` with the body; nothing is sent.
        case overrideLocal
    }

    /// What the form does.
    public var purpose: Purpose
    /// URL field.
    public var url: TextEditor
    /// Headers field, one `Name: value` per line.
    public var headers: TextEditor
    /// Body field.
    public var body: TextEditor
    /// Body encoding.
    public var mode: BodyMode = .json
    /// Focused field.
    public var field: Field = .body
    /// Validation message shown under the body (nil when none).
    public var validationMessage: String?
    /// The request's outcome.
    public var outcome: Outcome = .editing
    /// The body that was sent (for overrideLocalContent after a PUT/PATCH).
    public var sentBody: RequestBody?
    /// The whole response once one arrived (nil before, and for transport failures reported
    /// without one); `Ctrl-R` opens it in the response viewer.
    public var response: FormResponse?
    /// The saved request the form was opened from (its id and name): `F2` with the same name
    /// writes that file again instead of adding one.
    public var savedRequest: (id: String, name: String)?
    /// What was found at each file path the body names (as typed), once looked at: the size the
    /// form shows beside the part, or why the file cannot be sent. Filled by the runtime, which
    /// looks at the ``uploadPaths`` not in it yet.
    public var files: [String: FileCheck] = [:]
    /// Sentences about what a pasted curl command had that the form leaves out (`-k is left
    /// out: …`), shown until the form is sent.
    public var notes: [String] = []
    /// The body's schema as pretty-printed JSON, when the form was filled from an API
    /// description; shown beside the body.
    public var schema: String?
    /// What the description says of the operation's parameters and body, a line each
    /// (`path id (integer, required): 1`); shown above the schema.
    public var guide: [String] = []
    /// The captures, one `name: query` a line (``Page/checks``).
    public var captures = TextEditor("")
    /// The assertions, one a line.
    public var assertions = TextEditor("")
    /// How often to try again until the assertions hold: `10`, or `10 every 500ms`; empty for
    /// once.
    public var retry = TextEditor("", singleLine: true)
    /// How long captured values stay fresh (`10m`); empty for the whole run.
    public var fresh = TextEditor("", singleLine: true)
    /// The checks' text as the form opened with it, to tell an edit.
    var initialChecks: [String] = ["", "", "", ""]
    /// The field last focused on the other page, where `F3` goes back to.
    var otherPageField: Field?

    /// The page shown: the page of the focused field.
    public var page: Page { field.page }

    /// Creates a form for `purpose` on `url` with an optional prefilled body.
    public init(purpose: Purpose, url: String, body: String = "") {
        self.purpose = purpose
        self.url = TextEditor(url, singleLine: true)
        self.headers = TextEditor("")
        self.body = TextEditor(body)
        self.originURL = url
        self.initialBody = body
    }

    /// The resource the form was opened on.
    public let originURL: String
    private let initialBody: String

    /// True when the URL, headers, body or checks differ from what the form opened with.
    public var isChanged: Bool {
        url.text != originURL || !headers.text.isEmpty || body.text != initialBody || checksText != initialChecks
    }

    /// Identifies the draft slot of this form: its kind and the resource it was opened on.
    public var draftKey: String { Self.draftKey(command: command, url: originURL) }

    /// The draft slot of the form `command` opens on `url`.
    public static func draftKey(command: KeyCommand, url: String) -> String { command.rawValue + " " + url }

    /// The key-map command that opens this kind of form.
    public var command: KeyCommand {
        switch purpose {
        case .send(.put): return .put
        case .send(.patch): return .patch
        case .overrideLocal: return .overrideLocal
        default: return .post
        }
    }

    /// The methods `Ctrl-N` steps through, in order.
    public static let methodCycle: [RequestMethod] = [.get, .post, .put, .patch, .delete, .head, .options]

    /// Changes the method to the next of ``methodCycle`` (after OPTIONS, GET again); the local
    /// override form has none and stays as it is.
    public mutating func nextMethod() {
        guard let method else { return }
        let index = Self.methodCycle.firstIndex(of: method) ?? 0
        purpose = .send(Self.methodCycle[(index + 1) % Self.methodCycle.count])
        validationMessage = nil
    }

    /// Creates a form that sends a `method` request to `url`, with an optional prefilled body.
    public init(method: RequestMethod, url: String, body: String = "") {
        self.init(purpose: .send(method), url: url, body: body)
    }

    /// A form filled from a saved, imported or re-sent request: method, URL, headers and body
    /// as written (variables unresolved until sending), its mode from the body's kind.
    ///
    /// `bodyIsOnTheWire` says the body is bytes as they were (or would be) sent, as from a
    /// curl command or the history: a form-urlencoded one then opens as text with its
    /// `Content-Type`, so it goes out byte for byte instead of being encoded again.
    public init(definition: RequestDefinition, bodyIsOnTheWire: Bool = false) {
        let method = RequestMethod(rawValue: definition.method.uppercased()) ?? .post
        self.init(method: method, url: definition.url, body: definition.body ?? "")
        headers = TextEditor(definition.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n"))
        switch definition.bodyKind {
        case .text?: mode = .text
        case .form?: mode = .form
        case .multipart?: mode = .multipart
        case .file?: mode = .file
        default: mode = .json
        }
        if definition.body != nil, definition.bodyKind == nil { mode = .text }
        // A body labelled form-urlencoded that is not `key=value` pairs (curl's -d labels
        // everything so) is kept as text; its Content-Type header still says what it is.
        if mode == .form, let body = definition.body,
            bodyIsOnTheWire || (try? RequestBody.parse(body, mode: .form)) == nil
        {
            mode = .text
            if !definition.headers.contains(where: { $0.name.lowercased() == "content-type" }) {
                headers.insert((headers.text.isEmpty ? "" : "\n") + "Content-Type: " + BodyMode.form.contentType)
            }
        }
    }

    /// True while the form's request is in flight.
    public var isSending: Bool {
        if case .sending = outcome { return true }
        return false
    }

    /// True for the methods a form can send.
    public static func canSend(method: String) -> Bool {
        RequestMethod(rawValue: method.uppercased()) != nil
    }

    /// The method the form sends; nil for the local override form.
    public var method: RequestMethod? {
        if case .send(let method) = purpose { return method }
        return nil
    }

    /// True for the local override form (`o`), which calls `overrideLocalContent` instead of
    /// sending anything.
    public var isLocalOverride: Bool { purpose == .overrideLocal }

    /// Headers parsed from the headers field, one `Name: value` per line; blank lines are
    /// skipped. A line without `:`, with an empty name, or with a name that HTTP does not allow
    /// (spaces, quotes, control characters…) is an error naming the line, so nothing is sent
    /// with a header silently dropped.
    public func headerFields() throws(FormError) -> [(String, String)] {
        var fields: [(String, String)] = []
        for (index, line) in headers.lines.map({ String($0) }).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            let shown = "header line \(index + 1) \"\(TextSanitizer.sanitize(trimmed, maxColumns: 40))\""
            guard let colon = line.firstIndex(of: ":") else {
                throw FormError(message: "\(shown) has no colon: write it as Name: value")
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw FormError(message: "\(shown) has no name before the colon") }
            guard name.unicodeScalars.allSatisfy(Self.isTokenCharacter) else {
                throw FormError(
                    message: "\(shown): a header name may hold only letters, digits and !#$%&'*+-.^_`|~")
            }
            guard !value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) else {
                throw FormError(message: "\(shown): the value holds a control character")
            }
            fields.append((name, value))
        }
        return fields
    }

    /// The header lines that parse, for showing; ``headerFields()`` says what is wrong with
    /// the others.
    public var parsedHeaders: [(String, String)] {
        (try? headerFields()) ?? []
    }

    /// True for the characters of an HTTP token (RFC 9110 `tchar`), which header names are
    /// made of.
    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
        }
    }

    /// Validates the body; sets `validationMessage` and returns nil when it is invalid.
    public mutating func validatedBody() -> RequestBody? {
        if isLocalOverride, !mode.isInMemory {
            validationMessage = "overrideLocalContent takes a JSON, text or form body, not a \(mode.label) one"
            return nil
        }
        do {
            // Nothing typed sends no body at all, whatever the method and mode (a JSON body need not
            // be written as `{}` to send none).
            let body = self.body.text.isEmpty ? RequestBody.none : try RequestBody.parse(self.body.text, mode: mode)
            validationMessage = nil
            return body
        } catch {
            validationMessage = error.message
            return nil
        }
    }

    /// The files the body names, as typed, for the runtime to look at: a file body's path, or
    /// each `@file` and `<file` of a multipart body; paths holding `{{variables}}` are left for
    /// when the request is sent. Empty in the other modes or when the body does not parse.
    public var uploadPaths: [String] {
        guard !mode.isInMemory, self.body.text.utf8.count <= Self.maximumPreviewBytes,
            let body = try? RequestBody.parse(self.body.text, mode: mode)
        else { return [] }
        let paths: [String]
        switch body {
        case .file(let path): paths = [path]
        case .multipart(let parts): paths = parts.compactMap(\.path)
        default: paths = []
        }
        var seen: Set<String> = []
        return paths.filter { !$0.contains("{{") && seen.insert($0).inserted }
    }

    /// Validates the form and returns the request to send; nil (with `validationMessage` set
    /// when the body is invalid) otherwise, and always for the local override form.
    public mutating func draft() -> RequestDraft? {
        guard let method else { return nil }
        let fields: [(String, String)]
        do {
            fields = try headerFields()
        } catch {
            validationMessage = error.message
            return nil
        }
        guard let body = validatedBody() else { return nil }
        var draft = RequestDraft(method: method, url: url.text, headers: fields, body: body)
        if mode == .form || !mode.isInMemory { draft.typedBody = self.body.text }
        draft.savedRequestID = savedRequest?.id
        return draft
    }
}
