import Foundation

/// `.http` and `.rest` files in a collection: each file is a group of its requests, in file
/// order, with ids `<file id>#<n>` (`api.http#2` is the second request of `api.http`).
///
/// Reading, updating a request's definition or checks, renaming and duplicating rewrite only the
/// request's own block of the file (``HTTPFileDocument/replacing(requestAt:with:)``), so the rest
/// of the file stays byte for byte; deleting a request is done in the file itself.
extension RequestCollection {
    /// True for a file name that is a `.http` or `.rest` file.
    static func isHTTPFileName(_ name: String) -> Bool {
        (name.hasSuffix(".http") && name.count > 5) || (name.hasSuffix(".rest") && name.count > 5)
    }

    /// The group for the `.http` file `id` at `path`: its requests, or its problem.
    func httpFileGroup(id: String, name: String, path: String) -> CollectionGroup {
        do {
            let document = try readHTTPFile(path)
            let requests = document.requests.enumerated().map { index, request in
                let saved = request.toSaved()
                return SavedRequest(
                    id: "\(id)#\(index + 1)", name: saved.name, definition: saved.definition, checks: saved.checks)
            }
            return CollectionGroup(id: id, name: name, requests: requests)
        } catch {
            return CollectionGroup(id: id, name: name, problem: error.message)
        }
    }

    /// The file id and the 0-based index of a request id `api.http#2`; nil for other ids.
    static func httpRequestParts(of id: String) -> (file: String, index: Int)? {
        guard let hash = id.lastIndex(of: "#"), let number = Int(id[id.index(after: hash)...]), number >= 1 else {
            return nil
        }
        let file = String(id[..<hash])
        guard isHTTPFileName((file as NSString).lastPathComponent) else { return nil }
        return (file, number - 1)
    }

    /// The `@name = value` variables of the `.http` file request `id` is in; empty for a
    /// request file, or a file that cannot be read.
    public func fileVariables(ofRequest id: String) -> [EnvironmentVariable] {
        guard let (file, _) = Self.httpRequestParts(of: id), Self.isPlainRelativePath(file),
            let document = try? readHTTPFile(path(of: file))
        else { return [] }
        return document.fileVariables
    }

    /// The request `id` of a `.http` file.
    func httpRequest(id: String, file: String, index: Int) throws(CollectionError) -> SavedRequest {
        let (_, request) = try httpFileRequest(file: file, index: index, action: "read")
        let saved = request.toSaved()
        return SavedRequest(id: id, name: saved.name, definition: saved.definition, checks: saved.checks)
    }

    /// Rewrites request `index` of `.http` file `file` with `change`, leaving every other byte of
    /// the file alone.
    func updateHTTPRequest(
        id: String, file: String, index: Int, action: String,
        change: (HTTPFileRequest.Saved) -> (name: String, definition: RequestDefinition, checks: RequestChecks)
    ) throws(CollectionError) -> SavedRequest {
        let (document, request) = try httpFileRequest(file: file, index: index, action: action)
        let current = request.toSaved()
        let wanted = change((current.name, current.definition, current.checks))
        let path = self.path(of: file)
        do {
            let edited = try document.replacing(
                requestAt: index,
                with: request.updated(name: wanted.name, definition: wanted.definition, checks: wanted.checks))
            try FileSystem.replace(path, with: edited.text)
        } catch let failure as FileSystem.Failure {
            throw CollectionError(path: path, message: "Could not \(action) \(path): \(failure.reason).")
        } catch {
            throw CollectionError(path: path, message: "Could not \(action) the request in \(path): \(error).")
        }
        return SavedRequest(id: id, name: wanted.name, definition: wanted.definition, checks: wanted.checks)
    }

    /// Adds a request at the end of `.http` file `file`; returns it with its id.
    func appendHTTPRequest(
        file: String, name: String, definition: RequestDefinition, checks: RequestChecks
    ) throws(CollectionError) -> SavedRequest {
        let path = self.path(of: file)
        do {
            let document = try readHTTPFile(path)
            let edited = try document.appending(HTTPFileRequest(name: name, definition: definition, checks: checks))
            try FileSystem.replace(path, with: edited.text)
            return SavedRequest(
                id: "\(file)#\(edited.requests.count)", name: name, definition: definition, checks: checks)
        } catch let problem as CollectionFileProblem {
            throw CollectionError(path: path, message: "Could not add the request: \(problem.message)")
        } catch let failure as FileSystem.Failure {
            throw CollectionError(path: path, message: "Could not write \(path): \(failure.reason).")
        } catch {
            throw CollectionError(path: path, message: "Could not add the request to \(path): \(error).")
        }
    }

    private func httpFileRequest(
        file: String, index: Int, action: String
    ) throws(CollectionError) -> (HTTPFileDocument, HTTPFileRequest) {
        let path = self.path(of: file)
        let document: HTTPFileDocument
        do {
            document = try readHTTPFile(path)
        } catch {
            throw CollectionError(path: path, message: "Could not \(action) the request: \(error.message)")
        }
        guard index < document.requests.count else {
            throw CollectionError(path: path, message: "\(path) has no request \(index + 1).")
        }
        return (document, document.requests[index])
    }

    private func readHTTPFile(_ path: String) throws(CollectionFileProblem) -> HTTPFileDocument {
        let data = try readBytes(path)
        do {
            return try HTTPFileDocument.parse(bytes: data, file: path)
        } catch {
            throw CollectionFileProblem(path: path, line: error.line, reason: error.reason, column: error.column)
        }
    }
}

extension HTTPFileRequest {
    /// A request's name, definition and checks.
    typealias Saved = (name: String, definition: RequestDefinition, checks: RequestChecks)
}
