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
    private var checker: ResponseChecker?
    private var running: [String: Task<Void, Never>] = [:]

    /// Checks against `api` from now on.
    func use(_ api: APIState) {
        checker = ResponseChecker(api.description)
    }

    /// True once a description is known.
    var isReady: Bool { checker != nil }

    /// Checks a response to `method url`.
    func check(method: String, url: String, status: Int, contentType: String, body: BodyContent?) {
        guard let checker else { return }
        running[url]?.cancel()
        let document: JSONDocument?
        if case .json(let outline)? = body { document = outline.document } else { document = nil }
        let dispatch = dispatch
        running[url] = Task.detached(priority: .utility) { [weak self] in
            let check = checker.check(
                method: method, url: url, status: status, contentType: contentType, body: document)
            guard !Task.isCancelled else { return }
            await MainActor.run {
                self?.running[url] = nil
                if let check { dispatch(.schemaChecked(check)) }
            }
        }
    }

    /// Checks a form's JSON body before it goes: a warning, never a block.
    func checkRequestBody(method: String, url: String, contentType: String, body: String) {
        guard let checker, let document = try? JSONDocument(body) else { return }
        let dispatch = dispatch
        Task.detached(priority: .userInitiated) {
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
