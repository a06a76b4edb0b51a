import Browser
import Foundation
import OrderedJSON
import Workspace

/// Makes a request form's draft into the request to send: `{{variables}}` filled from the
/// environment in use, the environment's auth applied, and each body kind filled as typed
/// (a form field or a multipart part is filled before it is encoded, so a value holding `&`,
/// `=` or `;` stays one value).
@MainActor
enum DraftPreparer {
    /// Why a draft cannot be sent, as a sentence; when it lacks a basic-auth password, whose.
    struct Failure: Error {
        /// The sentence shown to the user.
        var message: String
        /// The user whose password the environment's basic auth needs and does not have.
        var passwordNeededFor: String?
    }

    /// The draft with its variables filled in from the environment in use and the environment's
    /// auth applied; JSON is checked again once filled.
    static func prepared(_ draft: RequestDraft, by workspace: WorkspaceSession) throws(Failure) -> RequestDraft {
        // A request of a .http file takes the file's `@name = value` variables.
        workspace.fileVariables = draft.savedRequestID.flatMap { workspace.fileVariablesByRequest[$0] } ?? []
        defer { workspace.fileVariables = [] }
        var bodyText: String?
        switch draft.body {
        case .none: bodyText = nil
        case .json(let text), .text(let text): bodyText = text
        case .urlEncoded(let fields):
            // Fields are filled as typed, then encoded: a value never reaches the server as
            // `%7B%7Bname%7D%7D`.
            bodyText = draft.typedBody ?? fields.map(\.encoded).joined(separator: "&")
        case .multipart(let parts): bodyText = draft.typedBody ?? parts.map(\.spec).joined(separator: "\n")
        case .file(let path): bodyText = draft.typedBody ?? path
        }
        let definition = RequestDefinition(
            method: draft.method.rawValue, url: draft.url,
            headers: draft.headers.map { HeaderField(name: $0.0, value: $0.1) }, body: bodyText)
        let resolved: RequestDefinition
        do {
            resolved = try workspace.prepare(definition)
        } catch {
            if case .passwordNeeded(let username, _) = error {
                throw Failure(message: error.message, passwordNeededFor: username)
            }
            throw Failure(message: error.message)
        }
        var result = draft
        result.url = resolved.url
        result.headers = resolved.headers.map { ($0.name, $0.value) }
        switch draft.body {
        case .none: break
        case .json:
            let text = resolved.body ?? ""
            do throws(JSONSyntaxError) {
                _ = try JSONDocument(text)
            } catch {
                throw Failure(message: "with its variables filled in, the body is not JSON: \(error.description)")
            }
            result.body = .json(text)
        case .text: result.body = .text(resolved.body ?? "")
        case .urlEncoded(let fields):
            // Each field's name and value are filled as typed, then encoded: a value may hold
            // `&` or `=` and still arrive whole. (Every variable was checked above.)
            var filled: [RequestBody.Field] = []
            for field in fields {
                guard field.encoded.contains("%7B%7B") else {
                    filled.append(field)
                    continue
                }
                guard let name = try? workspace.fillVariables(in: field.name),
                    let value = try? workspace.fillVariables(in: field.value)
                else { throw Failure(message: "a form field's variables could not be filled") }
                filled.append(RequestBody.Field(name, value))
            }
            result.body = .urlEncoded(filled)
        case .multipart(let parts):
            // Each part's value, path, type and file name are filled as typed: a value may hold
            // `;` and stay one value. (Every variable was checked above.)
            var filled: [MultipartPart] = []
            for part in parts {
                do {
                    filled.append(try workspace.fillVariables(in: part))
                } catch {
                    throw Failure(message: error.message)
                }
            }
            result.body = .multipart(filled)
        case .file(let path):
            do {
                result.body = .file(try workspace.fillVariables(in: path))
            } catch {
                throw Failure(message: error.message)
            }
        }
        return result
    }

}
