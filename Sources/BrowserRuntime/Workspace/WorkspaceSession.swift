import Browser
import Foundation
import HTTPCore
import NIOConcurrencyHelpers
import OrderedJSON
import Safety
import Workspace

/// What the browser remembers and reads from disk: the request history (SQLite), the
/// collection of saved requests and its environments (YAML files), and the cookie jar. It
/// carries out ``WorkspaceCommand``s off the main actor and reports back through `dispatch`.
///
/// Every part is optional: with no history file, no collection folder or no jar, the commands
/// that need it answer with a sentence saying so.
@MainActor
public final class WorkspaceSession {
    /// Where the saved requests live, if anywhere.
    public let collection: RequestCollection?
    /// The process environment `{{env:NAME}}` reads.
    public let processEnvironment: [String: String]
    /// The environment in use.
    public private(set) var environment: Environment?
    /// Reports back into the browser's loop.
    public var dispatch: @MainActor (Action) -> Void = { _ in }

    let cookieJar: HTTPCookieJar?
    /// The history store once open; until then, the exchanges that finished wait in
    /// `pending` (the first page loads while the file opens); nil pending when no history is
    /// kept.
    private let historyBox = NIOLockedValueBox<(store: HistoryStore?, pending: [HistoryRecord]?)>((nil, nil))

    /// The largest response body history keeps per entry.
    public nonisolated static let maximumRecordedBody = 8 * 1024 * 1024

    /// Creates a session; call ``openHistory(at:)`` to start recording (exchanges before that
    /// are not kept).
    package init(collection: RequestCollection?, cookieJar: HTTPCookieJar?, processEnvironment: [String: String]) {
        self.collection = collection
        self.cookieJar = cookieJar
        self.processEnvironment = processEnvironment
    }

    /// Creates a session without a cookie jar (tests, library users).
    public convenience init(collection: RequestCollection?, processEnvironment: [String: String] = [:]) {
        self.init(collection: collection, cookieJar: nil, processEnvironment: processEnvironment)
    }

    /// The history store once open.
    public var history: HistoryStore? { historyBox.withLockedValue { $0.store } }

    /// Opens (or creates) the history file in the background; a damaged file is moved aside and
    /// said in the Events pane, an unusable one turns history off with a sentence saying why.
    /// `ready` runs once the outcome is known.
    ///
    /// A path a person gave (`isExplicit`) that holds something other than a history database
    /// is refused and left alone; the default file is moved aside when damaged.
    public func openHistory(at url: URL, isExplicit: Bool = false, ready: @escaping @MainActor () -> Void = {}) {
        historyBox.withLockedValue { $0.pending = [] }
        Task { @MainActor in
            do {
                let store = try await HistoryStore(fileURL: url, refusesForeignFile: isExplicit)
                let pending = historyBox.withLockedValue { box in
                    defer { box = (store, nil) }
                    return box.pending ?? []
                }
                for record in pending { _ = try? await store.record(record) }
                if let note = store.recoveryNote { dispatch(.note(note, isError: true)) }
                // A list opened while the file was opening shows what it holds now.
                dispatch(.workspace(.historyRecorded))
            } catch {
                historyBox.withLockedValue { $0 = (nil, nil) }
                dispatch(.note("history off: \(error)", isError: true))
            }
            ready()
        }
    }

    /// Stores one exchange in the history (called by the transport's monitor on any thread).
    nonisolated func record(_ exchange: ExchangeRecord, body: Data?) {
        let record = HistoryRecord(
            date: Date(timeIntervalSince1970: exchange.date), method: exchange.method, url: exchange.url,
            requestHeaders: exchange.requestHeaders.map { HeaderField(name: $0.0, value: $0.1) },
            requestBody: exchange.requestBody, statusCode: exchange.statusCode,
            reasonPhrase: exchange.statusCode == nil ? nil : exchange.reasonPhrase,
            httpVersion: exchange.statusCode == nil ? nil : exchange.httpVersion,
            responseHeaders: exchange.headers.map { HeaderField(name: $0.0, value: $0.1) },
            redirects: exchange.redirects.map { HistoryRedirect(url: $0.url, statusCode: $0.statusCode) },
            finalURL: exchange.finalURL, timeToFirstByte: exchange.timeToFirstByte, totalTime: exchange.totalTime,
            wireSize: exchange.wireSize, body: (body?.count ?? 0) <= Self.maximumRecordedBody ? body : nil,
            bodySize: body?.count ?? exchange.decodedSize, errorMessage: exchange.failure)
        let store = historyBox.withLockedValue { box -> HistoryStore? in
            if box.store == nil, var pending = box.pending, pending.count < 100 {
                pending.append(record)
                box.pending = pending
            }
            return box.store
        }
        guard let store else { return }
        Task.detached(priority: .utility) { [weak self] in
            do {
                _ = try await store.record(record)
                await self?.historyWriteSucceeded()
            } catch {
                await self?.historyWriteFailed(error)
            }
        }
    }

    /// The reason the last history write failed, while writes keep failing; said once.
    private var historyWriteProblem: String?

    /// Says in the Events pane that an exchange could not be kept (a full disk, a read-only
    /// file, another program holding the lock), once until a write succeeds again; the session
    /// goes on and later exchanges are tried again.
    private func historyWriteFailed(_ error: any Error) {
        var reason = String(describing: error)
        if reason.hasSuffix(".") { reason.removeLast() }
        guard reason != historyWriteProblem else { return }
        historyWriteProblem = reason
        dispatch(.note("history could not keep an exchange: \(reason); later ones are tried again", isError: true))
    }

    private func historyWriteSucceeded() {
        dispatch(.workspace(.historyRecorded))
        guard historyWriteProblem != nil else { return }
        historyWriteProblem = nil
        dispatch(.note("history is written again", isError: false))
    }

    // MARK: variables

    /// The request with `{{variables}}` filled from the environment in use and auth applied;
    /// the error says which variables are missing (or that basic auth needs its password), and
    /// nothing is sent then.
    ///
    /// The auth goes only to the service's own origin: a request to another host gets its
    /// variables filled and no credentials.
    public func prepare(_ definition: RequestDefinition) throws(RequestPreparationError) -> RequestDefinition {
        let environment = self.environment ?? Environment(name: "")
        let resolver = environment.resolver(processEnvironment: processEnvironment)
        let filled: RequestDefinition
        do {
            filled = try resolver.resolve(definition)
        } catch {
            throw .unresolved(error)
        }
        guard isServiceOrigin(filled.url) else { return filled }
        return try environment.prepare(
            definition, processEnvironment: processEnvironment, password: passwords[environment.name])
    }

    /// `text` with its `{{variables}}` filled from the environment in use (no auth applied).
    public func fillVariables(in text: String) throws(UnresolvedVariablesError) -> String {
        let environment = self.environment ?? Environment(name: "")
        return try environment.resolver(processEnvironment: processEnvironment).resolve(text, in: .url)
    }

    /// The part with `{{variables}}` filled in its name, value or path, type and file name, each
    /// on its own (a value that holds `;` stays one value).
    public func fillVariables(in part: MultipartPart) throws(UnresolvedVariablesError) -> MultipartPart {
        var filled = part
        filled.name = try fillVariables(in: part.name)
        switch part.content {
        case .text(let value): filled.content = .text(try fillVariables(in: value))
        case .file(let path): filled.content = .file(path: try fillVariables(in: path))
        case .fileContents(let path): filled.content = .fileContents(path: try fillVariables(in: path))
        }
        if let type = part.contentType { filled.contentType = try fillVariables(in: type) }
        if let filename = part.filename { filled.filename = try fillVariables(in: filename) }
        return filled
    }

    /// The service's origin, set by the browser: the environment's auth goes there only.
    public var serviceOrigin: String?

    /// True when `url` is on the service's origin: a path (resolved against the service), or
    /// an absolute URL with its scheme, host and port (or any, when no origin is known).
    func isServiceOrigin(_ url: String) -> Bool {
        guard let serviceOrigin, let parsed = URL(string: url), parsed.host != nil else { return true }
        return ResourceBrowser.origin(of: parsed) == serviceOrigin
    }

    /// Passwords typed for basic auth, by environment, for this run only (never stored).
    private var passwords: [String: String] = [:]

    /// Keeps the basic-auth password of the environment in use for this run.
    public func setPassword(_ password: String) {
        passwords[environment?.name ?? ""] = password
        onEnvironmentChanged()
    }

    /// Called when the environment or its password changes (the browser re-applies the auth
    /// headers to every load).
    public var onEnvironmentChanged: @MainActor () -> Void = {}

    /// The header fields the environment's auth adds to every request (loads included); empty
    /// without auth, or while basic auth waits for its password. A query-parameter API key
    /// applies to forms only.
    public func authHeaders() -> [(String, String)] {
        guard let environment, environment.auth != nil else { return [] }
        let probe = RequestDefinition(method: "GET", url: "/")
        guard let prepared = try? prepare(probe) else { return [] }
        return prepared.headers.map { ($0.name, $0.value) }
    }

    // MARK: environment files

    /// How the environment's files looked when it was last read.
    private var environmentStamp: EnvironmentStamp?
    /// The files' state whose problem was last said, so that a broken file is said once.
    private var reportedEnvironmentProblem: EnvironmentStamp?
    /// What waits for the check in flight, if one is.
    private var environmentCheckWaiters: [@MainActor () -> Void]?

    /// Makes sure the environment in use is the one its files say, then calls `then`.
    ///
    /// Off the main actor, the environment's files are looked at (a `stat` each); when one was
    /// edited, replaced, created or removed since it was read, the environment is read again and
    /// Events says so (`environment dev re-read: …/dev.yaml changed`). A file that no longer
    /// reads keeps the values read before, and Events says why, naming the file and line, once
    /// for each state of the files. Without an environment in use, `then` runs at once; checks
    /// asked for while one is in flight share it.
    public func refreshEnvironment(then: @escaping @MainActor () -> Void = {}) {
        guard let environment, !environment.name.isEmpty, let collection, let known = environmentStamp else {
            then()
            return
        }
        if environmentCheckWaiters != nil {
            environmentCheckWaiters?.append(then)
            return
        }
        environmentCheckWaiters = [then]
        let set = collection.environments
        let name = environment.name
        Task { @MainActor in
            let outcome = await Task.detached(priority: .userInitiated) {
                () -> (EnvironmentStamp, Result<Environment, EnvironmentError>)? in
                let stamp = set.stamp(of: name)
                guard stamp != known else { return nil }
                return (stamp, Result { () throws(EnvironmentError) in try set.load(name) })
            }.value
            // A choice made meanwhile wins over what was read for the one before.
            if let (stamp, result) = outcome, self.environment?.name == name, environmentStamp == known {
                environmentChanged(on: stamp, since: known, result: result)
            }
            let waiters = environmentCheckWaiters ?? []
            environmentCheckWaiters = nil
            for waiter in waiters { waiter() }
        }
    }

    /// Takes in environment files that changed on disk: the new values, or the reason they
    /// cannot be read.
    private func environmentChanged(
        on disk: EnvironmentStamp, since known: EnvironmentStamp, result: Result<Environment, EnvironmentError>
    ) {
        let name = environment?.name ?? ""
        switch result {
        case .success(let reread):
            environment = reread
            environmentStamp = disk
            reportedEnvironmentProblem = nil
            let files = disk.changedFiles(since: known).joined(separator: " and ")
            dispatch(.note("environment \(name) re-read: \(files) changed", isError: false))
            onEnvironmentChanged()
        case .failure(let error):
            guard reportedEnvironmentProblem != disk else { return }
            reportedEnvironmentProblem = disk
            var reason = error.message
            if reason.hasSuffix(".") { reason.removeLast() }
            dispatch(
                .note("environment \(name) not re-read: \(reason); the values read before stay in use", isError: true))
        }
    }

    // MARK: commands

    /// Carries out a command; answers arrive through `dispatch`.
    public func perform(_ command: WorkspaceCommand, shownBody: BodyContent?) {
        switch command {
        case .listHistory: listHistory()
        case .openHistoryEntry(let id): openHistoryEntry(id)
        case .resendHistoryEntry(let id): resendHistoryEntry(id)
        case .diffHistoryEntries(let older, let newer): diffHistoryEntries(older, newer)
        case .listCollection: listCollection(message: nil)
        case .openSavedRequest(let id): openSavedRequest(id)
        case .saveRequest(let name, let method, let url, let headers, let body, let mode, let replacing):
            let definition = RequestDefinition(
                method: method, url: url, headers: headers.map { HeaderField(name: $0.0, value: $0.1) }, body: body,
                bodyKind: body == nil ? nil : RequestBodyKind(rawValue: mode.rawValue))
            withCollection { collection in
                if let replacing {
                    let saved = try collection.update(replacing, definition: definition)
                    return "saved \(collection.path(of: saved.id))"
                }
                let saved = try collection.save(definition, name: name)
                return "saved as \(collection.path(of: saved.id))"
            }
        case .renameSavedRequest(let id, let name):
            withCollection(relist: true) { collection in
                let saved = try collection.rename(id, to: name)
                return "renamed to \(saved.name)"
            }
        case .duplicateSavedRequest(let id):
            withCollection(relist: true) { collection in
                let saved = try collection.duplicate(id)
                return "duplicated as \(saved.name)"
            }
        case .deleteSavedRequest(let id):
            withCollection(relist: true) { collection in
                try collection.delete(id)
                return "deleted \(id)"
            }
        case .listEnvironments: listEnvironments()
        case .selectEnvironment(let name): selectEnvironment(name)
        case .listCookies: listCookies()
        case .deleteCookie(let id): deleteCookie(id)
        case .setPassword(let password): setPassword(password)
        case .importCurl(let text): importCurl(text)
        case .exportCurl(let written): exportCurl(written)
        case .saveBody(let url, let path): saveBody(shownBody, url: url, path: path)
        }
    }

    /// Shows `written` as a curl command and copies it: the request as it goes out, with its
    /// variables filled and the environment's auth added (on the service's origin), the cookies
    /// the jar sends to its URL, and the paths of files made absolute; as written when a variable
    /// has no value.
    private func exportCurl(_ written: RequestDefinition) {
        var definition = written
        var note = "the whole command, secrets included, as it must be to work"
        if environment != nil || (written.url + (written.body ?? "")).contains("{{")
            || written.headers.contains(where: { $0.value.contains("{{") })
        {
            do {
                definition = try prepare(written)
                // Parts are filled one by one, as when sent: a value may hold `;`.
                if written.bodyKind == .multipart, let body = written.body {
                    definition.body = try MultipartPart.parts(inBody: body).map { try fillVariables(in: $0).spec }
                        .joined(separator: "\n")
                }
            } catch let error as RequestPreparationError {
                definition = written
                note = "as written: \(error.message)"
            } catch {
                definition = written
                note = "as written: \(error)"
            }
        }
        let place = UploadBodyBuilder.Place.current(environment: processEnvironment)
        if let body = definition.body {
            switch definition.bodyKind {
            case .multipart?:
                if var parts = try? MultipartPart.parts(inBody: body) {
                    for index in parts.indices {
                        switch parts[index].content {
                        case .file(let path): parts[index].content = .file(path: place.absolute(path))
                        case .fileContents(let path): parts[index].content = .fileContents(path: place.absolute(path))
                        case .text: break
                        }
                    }
                    definition.body = parts.map(\.spec).joined(separator: "\n")
                }
            case .file?:
                definition.body = place.absolute(body.trimmingCharacters(in: .whitespacesAndNewlines))
            default:
                break
            }
        }
        // The jar's cookies go with the request unless it names its own.
        if let cookieJar, !definition.headers.contains(where: { $0.name.lowercased() == "cookie" }),
            let url = URL(string: definition.url), let cookies = cookieJar.cookieHeader(for: url)
        {
            definition.headers.append(HeaderField(name: "Cookie", value: cookies))
        }
        dispatch(
            .workspace(
                .show(
                    TextViewer(
                        title: "curl", note: note, text: CurlCommand.render(definition, masked: false, multiline: true))
                )))
        dispatch(.clipboard(CurlCommand.render(definition, masked: false), label: "curl command"))
    }

    private func listHistory() {
        guard let store = history else {
            let opening = historyBox.withLockedValue { $0.pending != nil }
            dispatch(
                .workspace(
                    .listed(
                        .history, [],
                        message: opening ? "the history file is opening…" : "history is off (see the Events pane)")))
            return
        }
        Task { @MainActor in
            do {
                let entries = try await store.entries(limit: 2000)
                let now = Date()
                let items = entries.map { entry in
                    PickerItem(
                        id: String(entry.id),
                        label: "#\(entry.id) \(entry.method) \(PercentEncoding.readable(entry.url))",
                        detail: [
                            entry.statusText, Format.bytes(entry.bodySize), Format.milliseconds(entry.totalTime),
                            Format.duration(now.timeIntervalSince(entry.date)) + " ago",
                        ].filter { !$0.isEmpty }.joined(separator: " · "))
                }
                dispatch(.workspace(.listed(.history, items, message: nil)))
            } catch {
                dispatch(.workspace(.listed(.history, [], message: "history cannot be read: \(error)")))
            }
        }
    }

    private func loadEntry(_ id: String) async -> (HistoryEntry, Data?)? {
        guard let store = history, let number = Int64(id) else { return nil }
        do {
            guard let entry = try await store.entry(id: number) else {
                dispatch(.note("history entry \(id) is gone", isError: true))
                return nil
            }
            try await store.markUsed(id: number)
            return (entry, try await store.body(of: number))
        } catch {
            dispatch(.note("history cannot be read: \(error)", isError: true))
            return nil
        }
    }

    private func openHistoryEntry(_ id: String) {
        Task { @MainActor in
            guard let (entry, body) = await loadEntry(id) else { return }
            let content: BodyContent
            if let body {
                // Indexing JSON is the slow part: it runs off the main actor.
                let type = (entry.contentType ?? "").lowercased()
                let document = await Task.detached { type.contains("json") ? try? JSONDocument(data: body) : nil }.value
                content = document.map { .json(JSONOutline($0)) } ?? BodyContent.from(content: body, contentType: type)
            } else {
                content = .empty(entry.bodyDropped ? "the body was too big to keep in history" : "no body")
            }
            let title = "\(entry.method) \(entry.url) · \(entry.statusText)"
            dispatch(
                .workspace(
                    .show(
                        TextViewer(
                            title: title, note: "read-only, from history, \(entry.date.formatted(.iso8601))",
                            body: content))))
        }
    }

    private func resendHistoryEntry(_ id: String) {
        Task { @MainActor in
            guard let (entry, _) = await loadEntry(id) else { return }
            var definition = entry.requestDefinition
            // Secret values were masked before they were stored: they cannot be sent again.
            let masked = definition.headers.filter { SecretMasker.isSecretHeader($0.name) }
            definition.headers.removeAll { SecretMasker.isSecretHeader($0.name) }
            // Headers every request gets anyway are not repeated in the form.
            definition.headers.removeAll {
                ["user-agent", "accept", "content-length", "host"].contains($0.name.lowercased())
            }
            if definition.method == "GET" {
                // A secret masked in the stored URL cannot be sent again as it was.
                guard !definition.url.contains(SecretMasker.mask) else {
                    dispatch(
                        .note(
                            "this URL had a secret query parameter, kept masked in history: open it with g and type it",
                            isError: true))
                    return
                }
                dispatch(.workspace(.go(definition.url)))
                return
            }
            guard RequestForm.canSend(method: definition.method) else {
                dispatch(.note("hammock cannot send \(definition.method) requests", isError: true))
                return
            }
            var form = RequestForm(definition: definition, bodyIsOnTheWire: true)
            if !masked.isEmpty {
                form.validationMessage =
                    "history keeps \(masked.map(\.name).joined(separator: ", ")) masked: type it again if needed"
            }
            dispatch(.workspace(.openForm(form)))
        }
    }

    private func diffHistoryEntries(_ older: String, _ newer: String) {
        Task { @MainActor in
            guard let (oldEntry, oldBody) = await loadEntry(older), let (newEntry, newBody) = await loadEntry(newer)
            else { return }
            var text = await Task.detached {
                ChangeDetector.diffText(old: oldBody ?? Data(), new: newBody ?? Data())
            }.value
            // A 304 carries no body of its own: comparing it says nothing about the resource.
            for entry in [oldEntry, newEntry] where entry.statusCode == 304 {
                text = "@@ #\(entry.id) is a 304 Not Modified: it has no body of its own to compare\n" + text
            }
            let oldSide = "\(oldEntry.method) \(oldEntry.url)"
            let newSide = "\(newEntry.method) \(newEntry.url)"
            let title =
                oldSide == newSide
                ? "diff #\(older) → #\(newer): \(oldSide)" : "diff #\(older) \(oldSide) → #\(newer) \(newSide)"
            let note =
                "\(oldEntry.date.formatted(.iso8601)) \(oldEntry.statusText) → \(newEntry.date.formatted(.iso8601)) \(newEntry.statusText)"
            dispatch(.workspace(.show(TextViewer(title: title, note: note, text: text, kind: .diff))))
        }
    }

    private func listCollection(message: String?) {
        guard let collection else {
            dispatch(
                .workspace(
                    .listed(
                        .collection, [],
                        message: "no collection: create ./.hammock/ or start with --collection DIR")))
            return
        }
        Task { @MainActor in
            let result = await Task.detached { Result { () throws(CollectionError) in try collection.load() } }.value
            switch result {
            case .success(let tree):
                var items: [PickerItem] = []
                func add(_ group: CollectionGroup, depth: Int) {
                    for request in group.requests {
                        if let problem = request.problem {
                            items.append(
                                PickerItem(
                                    id: request.id, label: request.fileName, detail: problem.description,
                                    isProblem: true, depth: depth))
                        } else if let definition = request.definition {
                            items.append(
                                PickerItem(
                                    id: request.id, label: request.name,
                                    detail: "\(definition.method) \(definition.url)", depth: depth))
                        }
                    }
                    for child in group.groups {
                        items.append(PickerItem(id: child.id, label: child.name + "/", depth: depth, isGroup: true))
                        add(child, depth: depth + 1)
                    }
                }
                add(tree.root, depth: 0)
                dispatch(.workspace(.listed(.collection, items, message: message)))
            case .failure(let error):
                dispatch(.workspace(.listed(.collection, [], message: error.description)))
            }
        }
    }

    private func withCollection(
        relist: Bool = false, _ body: @escaping @Sendable (RequestCollection) throws -> String
    ) {
        guard let collection else {
            dispatch(.note("no collection: create ./.hammock/ or start with --collection DIR", isError: true))
            return
        }
        Task { @MainActor in
            let result = await Task.detached { Result { try body(collection) } }.value
            switch result {
            case .success(let message):
                dispatch(.note(message, isError: false))
                if relist { listCollection(message: message) }
            case .failure(let error):
                dispatch(.note("\(error)", isError: true))
                if relist { listCollection(message: "\(error)") }
            }
        }
    }

    private func openSavedRequest(_ id: String) {
        guard let collection else { return }
        Task { @MainActor in
            let result = await Task.detached { Result { () throws(CollectionError) in try collection.request(id: id) } }
                .value
            switch result {
            case .success(let saved):
                guard let definition = saved.definition else {
                    dispatch(.note(saved.problem?.description ?? "\(id) cannot be read", isError: true))
                    return
                }
                guard RequestForm.canSend(method: definition.method) else {
                    dispatch(.note("\(saved.name): hammock cannot send \(definition.method) requests", isError: true))
                    return
                }
                var form = RequestForm(definition: definition)
                form.savedRequest = (saved.id, saved.name)
                dispatch(.workspace(.openForm(form)))
            case .failure(let error):
                dispatch(.note(error.description, isError: true))
            }
        }
    }

    private func listEnvironments() {
        guard let collection else {
            dispatch(.workspace(.listed(.environment, [], message: "no collection, so no environments")))
            return
        }
        do {
            let names = try collection.environments.names()
            let items =
                [PickerItem(id: Picker.noEnvironmentID, label: "(none)", detail: "{{variables}} stay unresolved")]
                + names.map { PickerItem(id: $0, label: $0, detail: $0 == environment?.name ? "in use" : "") }
            dispatch(
                .workspace(
                    .listed(
                        .environment, items,
                        message: names.isEmpty
                            ? "no environments: add \(collection.folder)/environments/NAME.yaml" : nil)))
        } catch {
            dispatch(.workspace(.listed(.environment, [], message: error.description)))
        }
    }

    /// Uses environment `name` (nil: none).
    public func selectEnvironment(_ name: String?) {
        guard let name else {
            environment = nil
            environmentStamp = nil
            dispatch(.workspace(.environmentChanged(nil)))
            onEnvironmentChanged()
            return
        }
        guard let collection else {
            dispatch(.note("no collection, so no environment \(name)", isError: true))
            return
        }
        do {
            // Taken before reading: a change made meanwhile is read again at the next check.
            let stamp = collection.environments.stamp(of: name)
            environment = try collection.environments.load(name)
            environmentStamp = stamp
            reportedEnvironmentProblem = nil
            passwords[name] = nil
            dispatch(.workspace(.environmentChanged(name)))
            onEnvironmentChanged()
        } catch {
            dispatch(.note(error.description, isError: true))
        }
    }

    /// The id of a cookie in the list: its name, domain and path, which identify it in the jar.
    static func cookieID(name: String, domain: String, path: String) -> String {
        [name, domain, path].joined(separator: "\u{0}")
    }

    private func listCookies(message: String? = nil) {
        guard let cookieJar else {
            dispatch(.workspace(.listed(.cookies, [], message: "no cookie jar in this run")))
            return
        }
        let items = cookieJar.cookies().map { cookie in
            var detail = "\(cookie.isHostOnly ? "" : ".")\(cookie.domain)\(cookie.path)"
            detail += cookie.expires.map { "  until \($0.formatted(.iso8601))" } ?? "  session"
            if cookie.isSecure { detail += "  secure" }
            if cookie.isHTTPOnly { detail += "  HttpOnly" }
            return PickerItem(
                id: Self.cookieID(name: cookie.name, domain: cookie.domain, path: cookie.path),
                label: cookie.name + "=", detail: detail, secret: cookie.value)
        }
        dispatch(.workspace(.listed(.cookies, items, message: message)))
    }

    private func deleteCookie(_ id: String) {
        let parts = id.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let cookieJar else { return }
        let removed = cookieJar.remove(name: parts[0], domain: parts[1], path: parts[2])
        listCookies(message: removed ? "deleted the cookie \(parts[0]) for \(parts[1])" : "that cookie is gone already")
    }

    private func importCurl(_ text: String) {
        do {
            let imported = try CurlCommand.read(text)
            let definition = imported.definition
            guard RequestForm.canSend(method: definition.method) else {
                dispatch(.note("curl: hammock cannot send \(definition.method) requests", isError: true))
                return
            }
            // Every part of the command left out is said, in Events and in the form.
            for note in imported.notes { dispatch(.note("curl: " + note, isError: false)) }
            var form = RequestForm(definition: definition, bodyIsOnTheWire: true)
            form.notes = imported.notes
            dispatch(.workspace(.openForm(form)))
        } catch {
            dispatch(.note("curl: \(error.description)", isError: true))
        }
    }

    private func saveBody(_ body: BodyContent?, url: String, path: String) {
        guard let body, let data = body.bytes else {
            dispatch(.note("no body to save here", isError: true))
            return
        }
        let expanded =
            path.hasPrefix("~/") ? (processEnvironment["HOME"] ?? NSHomeDirectory()) + path.dropFirst() : path
        Task { @MainActor in
            let result = await Task.detached { () -> String? in
                // Written whole beside the target and linked into place: never half a file, and
                // never over an existing one.
                do throws(FileSystem.Failure) {
                    try FileSystem.createNew(expanded, with: data)
                    return nil
                } catch {
                    if error.code == EEXIST { return "\(expanded) exists: choose another name" }
                    return "could not write \(error.path): \(error.reason)"
                }
            }.value
            if let result {
                dispatch(.note(result, isError: true))
            } else {
                dispatch(.note("saved \(Format.bytes(data.count)) to \(expanded)", isError: false))
            }
        }
    }
}
