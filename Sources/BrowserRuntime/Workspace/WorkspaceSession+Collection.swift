import Browser
import Foundation
import HTTPCore
import NIOConcurrencyHelpers
import OrderedJSON
import Safety
import Workspace

/// Saved requests, environments and the cookie jar as lists: opened, chosen, deleted.
extension WorkspaceSession {
    func listCollection(message: String?) {
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

    /// Writes the description's operations into the collection (merging with an earlier import)
    /// and shows the report.
    func importDescription(_ description: APIDescription, source: String) {
        guard let collection else {
            dispatch(
                .note("no collection to import into: create ./.hammock/ or start with --collection DIR", isError: true))
            return
        }
        guard !isImporting else {
            dispatch(.note("an import into \(collection.folder) is under way", isError: false))
            return
        }
        isImporting = true
        Task { @MainActor in
            defer { isImporting = false }
            let result = await Task.detached {
                Result { () throws(CollectionError) in
                    let bytes = description.documents[description.rootURI]?.data ?? Data()
                    return try DescriptionImport.run(description, bytes: bytes, source: source, into: collection)
                }
            }.value
            switch result {
            case .success(let report):
                dispatch(.note("imported \(description.title) into \(collection.folder)", isError: false))
                dispatch(
                    .workspace(
                        .show(
                            TextViewer(
                                title: "imported into \(collection.folder)", note: description.title,
                                text: report.description))))
            case .failure(let error):
                dispatch(.note(error.description, isError: true))
            }
        }
    }

    func withCollection(
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

    func openSavedRequest(_ id: String) {
        guard let collection else { return }
        Task { @MainActor in
            let result = await Task.detached {
                Result { () throws(CollectionError) in
                    (try collection.request(id: id), collection.fileVariables(ofRequest: id))
                }
            }
            .value
            switch result {
            case .success(let (saved, variables)):
                // Kept for sending: a request of a .http file takes its file's variables.
                fileVariablesByRequest[saved.id] = variables.isEmpty ? nil : variables
                guard let definition = saved.definition else {
                    dispatch(.note(saved.problem?.description ?? "\(id) cannot be read", isError: true))
                    return
                }
                guard RequestForm.canSend(method: definition.method) else {
                    dispatch(.note("\(saved.name): hammock cannot send \(definition.method) requests", isError: true))
                    return
                }
                var form = RequestForm(definition: definition)
                form.fillChecks(saved.checks)
                form.savedRequest = (saved.id, saved.name)
                dispatch(.workspace(.openForm(form)))
            case .failure(let error):
                dispatch(.note(error.description, isError: true))
            }
        }
    }

    func listEnvironments() {
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

    func listCookies(message: String? = nil) {
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

    func deleteCookie(_ id: String) {
        let parts = id.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let cookieJar else { return }
        let removed = cookieJar.remove(name: parts[0], domain: parts[1], path: parts[2])
        listCookies(message: removed ? "deleted the cookie \(parts[0]) for \(parts[1])" : "that cookie is gone already")
    }
}
