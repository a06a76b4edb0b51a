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
    public internal(set) var environment: Environment?
    /// Reports back into the browser's loop.
    public var dispatch: @MainActor (Action) -> Void = { _ in }

    let cookieJar: HTTPCookieJar?
    /// The history store once open; until then, the exchanges that finished wait in
    /// `pending` (the first page loads while the file opens); nil pending when no history is
    /// kept.
    let historyBox = NIOLockedValueBox<(store: HistoryStore?, pending: [Exchange]?)>((nil, nil))

    /// The JSONPath expressions kept across runs, beside the history file; nil when no history
    /// is kept or the file could not be read.
    var queryHistory: QueryHistoryFile?
    /// True once a query history problem was said (it is said once).
    var queryHistoryProblemSaid = false
    /// True while a description is being written into the collection.
    var isImporting = false

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
        openQueryHistory(at: QueryHistoryFile.fileURL(besideHistory: url))
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

    /// Reads the JSONPath expressions of earlier runs from `fileURL` in the background; they
    /// arrive as `.queriesLoaded`. A file that cannot be read is said once and left alone, and
    /// expressions are then kept for this run only.
    func openQueryHistory(at fileURL: URL) {
        let file = QueryHistoryFile(fileURL: fileURL)
        queryHistory = file
        Task { @MainActor in
            do throws(QueryHistoryFileError) {
                let origins = try await file.load()
                if !origins.isEmpty { dispatch(.workspace(.queriesLoaded(origins))) }
            } catch {
                queryHistory = nil
                queryHistoryProblemSaid = true
                dispatch(.note(error.description + "; expressions are kept for this run only", isError: true))
            }
        }
    }

    /// Keeps `expression` of `origin` in the query history file.
    func rememberQuery(_ expression: String, origin: String) {
        guard let file = queryHistory else { return }
        Task { @MainActor in
            do throws(QueryHistoryFileError) {
                try await file.remember(expression, origin: origin)
            } catch {
                guard !queryHistoryProblemSaid else { return }
                queryHistoryProblemSaid = true
                dispatch(.note(error.description, isError: true))
            }
        }
    }

    /// Stores one exchange in the history (called by the transport's monitor on any thread): a
    /// response body larger than ``maximumRecordedBody`` is left out, its size kept.
    nonisolated func record(_ exchange: Exchange) {
        var kept = exchange
        if let body = exchange.body, body.count > Self.maximumRecordedBody { kept.body = nil }
        let record = kept
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
    var historyWriteProblem: String?

    /// Says in the Events pane that an exchange could not be kept (a full disk, a read-only
    /// file, another program holding the lock), once until a write succeeds again; the session
    /// goes on and later exchanges are tried again.
    func historyWriteFailed(_ error: any Error) {
        var reason = String(describing: error)
        if reason.hasSuffix(".") { reason.removeLast() }
        guard reason != historyWriteProblem else { return }
        historyWriteProblem = reason
        dispatch(.note("history could not keep an exchange: \(reason); later ones are tried again", isError: true))
    }

    func historyWriteSucceeded() {
        dispatch(.workspace(.historyRecorded))
        guard historyWriteProblem != nil else { return }
        historyWriteProblem = nil
        dispatch(.note("history is written again", isError: false))
    }

    // MARK: variables

    /// The variables of the `.http` file the request being sent comes from (its `@name = value`
    /// lines), over the environment's; empty for other requests. Set before preparing a draft.
    public var fileVariables: [EnvironmentVariable] = []
    /// The file variables of each `.http` request opened in a form, read with the request (off
    /// the main actor), by request id.
    var fileVariablesByRequest: [String: [EnvironmentVariable]] = [:]

    /// The environment in use with the file variables over its own.
    private var environmentInUse: Environment {
        var environment = self.environment ?? Environment(name: "")
        environment.variables += fileVariables
        return environment
    }

    /// The request with `{{variables}}` filled from the environment in use and auth applied;
    /// the error says which variables are missing (or that basic auth needs its password), and
    /// nothing is sent then.
    ///
    /// The auth goes only to the service's own origin: a request to another host gets its
    /// variables filled and no credentials.
    public func prepare(_ definition: RequestDefinition) throws(RequestPreparationError) -> RequestDefinition {
        let environment = environmentInUse
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
        let environment = environmentInUse
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
        return URLOrigin.of(parsed) == serviceOrigin
    }

    /// Passwords typed for basic auth, by environment, for this run only (never stored).
    var passwords: [String: String] = [:]

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
    var environmentStamp: EnvironmentStamp?
    /// The files' state whose problem was last said, so that a broken file is said once.
    var reportedEnvironmentProblem: EnvironmentStamp?
    /// What waits for the check in flight, if one is.
    var environmentCheckWaiters: [@MainActor () -> Void]?

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
    func environmentChanged(
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
}
