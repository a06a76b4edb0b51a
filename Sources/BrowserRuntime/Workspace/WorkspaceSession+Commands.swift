import Browser
import Foundation
import HTTPCore
import NIOConcurrencyHelpers
import OrderedJSON
import Safety
import Workspace

/// The workspace's commands carried out: saved requests written, curl read and written, a
/// body saved to a file; the lists and viewers each command opens arrive through `dispatch`.
extension WorkspaceSession {
    /// Carries out a command; answers arrive through `dispatch`.
    public func perform(_ command: WorkspaceCommand, shownBody: BodyContent?) {
        switch command {
        case .listHistory: listHistory()
        case .rememberQuery(let origin, let expression): rememberQuery(expression, origin: origin)
        case .importDescription(let description, let source): importDescription(description, source: source)
        case .openHistoryEntry(let id): openHistoryEntry(id)
        case .resendHistoryEntry(let id): resendHistoryEntry(id)
        case .diffHistoryEntries(let older, let newer): diffHistoryEntries(older, newer)
        case .listCollection: listCollection(message: nil)
        case .openSavedRequest(let id): openSavedRequest(id)
        case .saveRequest(let name, let method, let url, let headers, let body, let mode, let checks, let replacing):
            let definition = RequestDefinition(
                method: method, url: url, headers: headers.map { HeaderField(name: $0.0, value: $0.1) }, body: body,
                bodyKind: body == nil ? nil : RequestBodyKind(rawValue: mode.rawValue))
            withCollection { collection in
                if let replacing {
                    try collection.update(replacing, definition: definition)
                    let saved = try collection.update(replacing, checks: checks)
                    return "saved \(collection.path(of: saved.id))"
                }
                let saved = try collection.save(definition, name: name, checks: checks)
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
    func exportCurl(_ written: RequestDefinition) {
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

    func importCurl(_ text: String) {
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

    func saveBody(_ body: BodyContent?, url: String, path: String) {
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
