import Browser
import Foundation
import OrderedJSON
import Workspace

/// Checks responses against the API description off the main actor: each resource's newest
/// data (an older check still running for it is cancelled), and forms' responses and bodies.
/// Results arrive as `.schemaChecked`; a form body that breaks its schema is said in the status
/// line and Events, and is sent all the same.
@MainActor
final class SchemaCheckRunner {
    /// Where results go.
    var dispatch: @MainActor (Action) -> Void = { _ in }
    /// The description's checker once known (runs check `schema` assertions with it).
    private(set) var checker: ResponseChecker?
    /// The check running for each `METHOD url`, with its number: only the newest one's verdict
    /// is dispatched.
    private var running: [String: (generation: Int, task: Task<Void, Never>)] = [:]
    private var generation = 0

    /// Checks against `api` from now on.
    func use(_ api: APIState) {
        checker = ResponseChecker(api.description)
    }

    /// True once a description is known.
    var isReady: Bool { checker != nil }

    /// Checks a response to `method url`.
    func check(method: String, url: String, status: Int, contentType: String, body: BodyContent?) {
        guard let checker else { return }
        let key = method + " " + url
        running[key]?.task.cancel()
        let document: JSONDocument?
        if case .json(let outline)? = body { document = outline.document } else { document = nil }
        generation += 1
        let number = generation
        let task = Task.detached(priority: .utility) { [weak self] in
            let check = checker.check(
                method: method, url: url, status: status, contentType: contentType, body: document)
            await MainActor.run {
                // A newer check of the same request replaced this one: its verdict is not news.
                guard let self, !Task.isCancelled, self.running[key]?.generation == number else { return }
                self.running[key] = nil
                if let check { self.dispatch(.schemaChecked(check)) }
            }
        }
        running[key] = (number, task)
    }

    /// Checks a form's JSON body before it goes: a warning, never a block.
    func checkRequestBody(method: String, url: String, contentType: String, body: String) {
        guard let checker else { return }
        let dispatch = dispatch
        Task.detached(priority: .userInitiated) {
            guard let document = try? JSONDocument(body) else { return }
            guard
                let check = checker.checkRequestBody(
                    method: method, url: url, contentType: contentType, body: document),
                check.isViolated
            else { return }
            await dispatch(
                .note(
                    "the body sent to \(check.operationID) breaks its schema (sent anyway): "
                        + (check.summary.components(separatedBy: ": ").dropFirst().joined(separator: ": ")),
                    isError: true))
        }
    }
}
