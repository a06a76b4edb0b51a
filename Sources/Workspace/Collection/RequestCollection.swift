import Foundation

/// A collection of saved requests: a folder of small YAML files, one request each, with
/// subfolders as groups. The files are meant to be read, edited and diffed in git; see the
/// Collections article for the format.
///
/// Rules:
/// - Request files end in `.yaml` (`.yml` is read too). Hidden files and folders, other files,
///   and the top-level `environments/` folder (see ``EnvironmentSet``) are not requests.
/// - A request's id is its path relative to the collection (`users/create-a-user.yaml`).
/// - A file that cannot be read is still listed, with a ``CollectionFileProblem`` naming the
///   file and line; loading never fails because of one file.
/// - Writes are atomic (a hidden temporary file renamed into place) and a new file never
///   replaces an existing one: ``save(_:name:in:)`` picks `name-2.yaml`, `name-3.yaml`, … .
/// - ``update(_:definition:)`` rewrites the file in the standard form (comments are not kept);
///   ``rename(_:to:)`` and ``duplicate(_:as:)`` change only the `name:` line when they can.
///
/// Every operation is synchronous file I/O; errors are ``CollectionError``s naming the path.
///
/// ```swift
/// let collection = RequestCollection(folder: RequestCollection.defaultFolder() ?? ".hammock")
/// let saved = try collection.save(definition, name: "Create a user", in: "users")
/// let tree = try collection.load()
/// ```
public struct RequestCollection: Sendable, Hashable {
    /// The folder name used when none is given: `.hammock` in the current directory.
    public static let defaultFolderName = ".hammock"
    /// The largest request file read, in bytes.
    static let sizeLimit = 16 << 20

    /// The collection folder.
    public let folder: String

    /// The collection in `folder`, which need not exist yet (``save(_:name:in:)`` creates it).
    /// Trailing slashes are dropped; an empty path means the current directory.
    public init(folder: String) {
        var folder = folder.isEmpty ? "." : folder
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        self.folder = folder
    }

    /// `<directory>/.hammock` when that folder exists, else nil.
    public static func defaultFolder(
        in directory: String = FileManager.default.currentDirectoryPath
    ) -> String? {
        let path = directory + "/" + defaultFolderName
        return FileSystem.kind(of: path) == .directory ? path : nil
    }

    /// The collection's environments (its `environments/` folder).
    public var environments: EnvironmentSet { EnvironmentSet(collectionFolder: folder) }

    /// The full path of a request or group id.
    public func path(of id: String) -> String {
        id.isEmpty ? folder : folder + "/" + id
    }

    // MARK: Reading

    /// Reads the whole collection.
    ///
    /// Throws only when the collection folder itself is missing or cannot be listed; broken
    /// request files and unreadable subfolders are reported inside the tree.
    public func load() throws(CollectionError) -> CollectionTree {
        switch FileSystem.kind(of: folder) {
        case nil:
            throw CollectionError(path: folder, message: "The collection folder \(folder) does not exist.")
        case .directory?:
            break
        default:
            throw CollectionError(path: folder, message: "\(folder) is not a folder, so it cannot be a collection.")
        }
        let entries: [FileSystem.Entry]
        do {
            entries = try FileSystem.list(folder)
        } catch {
            throw CollectionError(path: folder, message: "Could not list the collection \(folder): \(error.reason).")
        }
        var visited: Set<[UInt64]> = []
        if let identity = FileSystem.identity(of: folder) { visited.insert(identity) }
        let name = (folder as NSString).lastPathComponent
        return CollectionTree(root: group(id: "", name: name, entries: entries, visited: &visited))
    }

    /// Reads one request file by id; a broken file gives an entry with its problem.
    public func request(id: String) throws(CollectionError) -> SavedRequest {
        if let (file, index) = Self.httpRequestParts(of: id), Self.isPlainRelativePath(file) {
            return try httpRequest(id: id, file: file, index: index)
        }
        let path = try checkedPath(ofRequest: id)
        return readRequest(id: id, path: path)
    }

    private func group(
        id: String, name: String, entries: [FileSystem.Entry], visited: inout Set<[UInt64]>
    ) -> CollectionGroup {
        var group = CollectionGroup(id: id, name: name)
        for entry in entries where !entry.name.hasPrefix(".") {
            let childID = id.isEmpty ? entry.name : id + "/" + entry.name
            let childPath = path(of: childID)
            switch entry.kind {
            case .directory:
                if id.isEmpty && entry.name == EnvironmentSet.folderName { continue }
                guard let identity = FileSystem.identity(of: childPath), visited.insert(identity).inserted else {
                    continue
                }
                do {
                    let children = try FileSystem.list(childPath)
                    group.groups.append(self.group(id: childID, name: entry.name, entries: children, visited: &visited))
                } catch {
                    group.groups.append(
                        CollectionGroup(
                            id: childID, name: entry.name,
                            problem: "Could not list the folder \(childPath): \(error.reason)."))
                }
            case .file:
                if Self.isHTTPFileName(entry.name) {
                    group.groups.append(httpFileGroup(id: childID, name: entry.name, path: childPath))
                    continue
                }
                guard Self.isRequestFileName(entry.name) else { continue }
                group.requests.append(readRequest(id: childID, path: childPath))
            case .other:
                continue
            }
        }
        group.groups.sort { Self.precedes($0.name, $0.id, $1.name, $1.id) }
        group.requests.sort { Self.precedes($0.name, $0.id, $1.name, $1.id) }
        return group
    }

    private func readRequest(id: String, path: String) -> SavedRequest {
        let fallbackName = Self.nameFromFile(id)
        do {
            let decoded = try readFile(path)
            return SavedRequest(
                id: id, name: decoded.name ?? fallbackName, definition: decoded.definition, checks: decoded.checks)
        } catch {
            return SavedRequest(id: id, name: fallbackName, definition: nil, problem: error)
        }
    }

    private func readFile(_ path: String) throws(CollectionFileProblem) -> RequestFile.Decoded {
        let text = try readText(path)
        do {
            return try RequestFile.decode(text)
        } catch {
            throw CollectionFileProblem(path: path, line: error.line, reason: error.reason, column: error.column)
        }
    }

    /// The bytes of a file of the collection, at most ``sizeLimit`` of them.
    func readBytes(_ path: String) throws(CollectionFileProblem) -> Data {
        do {
            return try FileSystem.readFile(path, limit: Self.sizeLimit)
        } catch {
            throw CollectionFileProblem(path: path, line: nil, reason: "could not be read: \(error.reason)")
        }
    }

    private func readText(_ path: String) throws(CollectionFileProblem) -> String {
        let data = try readBytes(path)
        guard let text = String(data: data, encoding: .utf8) else {
            throw CollectionFileProblem(path: path, line: nil, reason: "is not UTF-8 text")
        }
        return text
    }

    // MARK: Writing

    /// Saves `definition` (with `checks`) as a new file named after `name` in group `group` (a
    /// folder id, `""` for the top level), creating the collection and group folders as needed.
    ///
    /// The file is `<slug>.yaml` (`Create a user` → `create-a-user.yaml`), or `<slug>-2.yaml`,
    /// … when that name is taken: an existing file is never replaced. Throws when the name is
    /// empty or spans lines, the group id is not a plain relative path, or the folder cannot be
    /// written.
    @discardableResult
    public func save(
        _ definition: RequestDefinition, name: String, in group: String = "", checks: RequestChecks = .none
    ) throws(CollectionError) -> SavedRequest {
        let name = try checkedName(name)
        if Self.isHTTPFileName((group as NSString).lastPathComponent), Self.isPlainRelativePath(group),
            FileSystem.kind(of: path(of: group)) == .file
        {
            return try appendHTTPRequest(file: group, name: name, definition: definition, checks: checks)
        }
        let groupPath = try checkedPath(ofGroup: group)
        let text = RequestFile.encode(name: name, definition: definition, checks: checks)
        let id = try createFile(text: text, slug: FileNameSlug.slug(name), group: group, groupPath: groupPath) {
            failure in "Could not save “\(name)” in \(failure.path): \(failure.reason)."
        }
        return SavedRequest(id: id, name: name, definition: definition, checks: checks)
    }

    /// Writes `definition` back to the file of request `id`, keeping its name and its checks.
    ///
    /// Throws when the file does not exist, cannot be written, or could not be read (a broken
    /// file is not overwritten: its text may hold work that the error message would lose).
    @discardableResult
    public func update(_ id: String, definition: RequestDefinition) throws(CollectionError) -> SavedRequest {
        if let (file, index) = Self.httpRequestParts(of: id), Self.isPlainRelativePath(file) {
            return try updateHTTPRequest(id: id, file: file, index: index, action: "update") {
                ($0.name, definition, $0.checks)
            }
        }
        let path = try checkedPath(ofRequest: id)
        let current = try readForChange(id: id, path: path, action: "update")
        do {
            try FileSystem.replace(
                path, with: RequestFile.encode(name: current.name, definition: definition, checks: current.checks))
        } catch {
            throw CollectionError(path: path, message: "Could not update \(path): \(error.reason).")
        }
        return SavedRequest(id: id, name: current.name, definition: definition, checks: current.checks)
    }

    /// Writes `checks` (captures, assertions, retry, freshness) into the file of request `id`,
    /// keeping its name and request. Throws as ``update(_:definition:)`` does.
    @discardableResult
    public func update(_ id: String, checks: RequestChecks) throws(CollectionError) -> SavedRequest {
        if let (file, index) = Self.httpRequestParts(of: id), Self.isPlainRelativePath(file) {
            return try updateHTTPRequest(id: id, file: file, index: index, action: "update") {
                ($0.name, $0.definition, checks)
            }
        }
        let path = try checkedPath(ofRequest: id)
        let current = try readForChange(id: id, path: path, action: "update")
        do {
            try FileSystem.replace(
                path, with: RequestFile.encode(name: current.name, definition: current.definition, checks: checks))
        } catch {
            throw CollectionError(path: path, message: "Could not update \(path): \(error.reason).")
        }
        return SavedRequest(id: id, name: current.name, definition: current.definition, checks: checks)
    }

    /// Gives request `id` a new name, and its file the matching file name (unique in its
    /// folder; the file keeps its name when the slug does not change). Only the `name:` line
    /// changes when that can be done safely. Returns the entry with its new id.
    @discardableResult
    public func rename(_ id: String, to newName: String) throws(CollectionError) -> SavedRequest {
        let name = try checkedName(newName)
        if let (file, index) = Self.httpRequestParts(of: id), Self.isPlainRelativePath(file) {
            return try updateHTTPRequest(id: id, file: file, index: index, action: "rename") {
                (name, $0.definition, $0.checks)
            }
        }
        let filePath = try checkedPath(ofRequest: id)
        let current = try readForChange(id: id, path: filePath, action: "rename")
        let text = Self.text(current.text, renamedTo: name, definition: current.definition, checks: current.checks)
        let slug = FileNameSlug.slug(name)
        let currentFile = (id as NSString).lastPathComponent
        let group = (id as NSString).deletingLastPathComponent
        if FileNameSlug.isFileStem(Self.nameFromFile(currentFile), of: slug) {
            do {
                try FileSystem.replace(filePath, with: text)
            } catch {
                throw CollectionError(path: filePath, message: "Could not rename \(filePath): \(error.reason).")
            }
            return SavedRequest(id: id, name: name, definition: current.definition, checks: current.checks)
        }
        let newID = try createFile(text: text, slug: slug, group: group, groupPath: path(of: group)) { failure in
            "Could not rename \(filePath) to “\(name)” in \(failure.path): \(failure.reason)."
        }
        do {
            try FileSystem.remove(filePath)
        } catch {
            throw CollectionError(
                path: filePath,
                message: "Saved “\(name)” as \(path(of: newID)) but could not remove \(filePath): \(error.reason).")
        }
        return SavedRequest(id: newID, name: name, definition: current.definition, checks: current.checks)
    }

    /// Copies request `id` to a new file in the same group, named `name` or else
    /// `<name> (copy)`. The copy keeps the original's text (comments included) apart from the
    /// `name:` line.
    @discardableResult
    public func duplicate(_ id: String, as name: String? = nil) throws(CollectionError) -> SavedRequest {
        if let (file, _) = Self.httpRequestParts(of: id), Self.isPlainRelativePath(file) {
            let current = try request(id: id)
            guard let definition = current.definition else {
                throw CollectionError(path: path(of: file), message: "Could not copy \(id): it could not be read.")
            }
            return try appendHTTPRequest(
                file: file, name: try checkedName(name ?? current.name + " (copy)"), definition: definition,
                checks: current.checks)
        }
        let path = try checkedPath(ofRequest: id)
        let current = try readForChange(id: id, path: path, action: "duplicate")
        let newName = try checkedName(name ?? current.name + " (copy)")
        let text = Self.text(
            current.text, renamedTo: newName, definition: current.definition, checks: current.checks)
        let group = (id as NSString).deletingLastPathComponent
        let newID = try createFile(
            text: text, slug: FileNameSlug.slug(newName), group: group, groupPath: self.path(of: group)
        ) { failure in
            "Could not copy \(path) in \(failure.path): \(failure.reason)."
        }
        return SavedRequest(id: newID, name: newName, definition: current.definition, checks: current.checks)
    }

    /// Deletes the file of request `id` (a broken file too).
    public func delete(_ id: String) throws(CollectionError) {
        if let (file, _) = Self.httpRequestParts(of: id) {
            throw CollectionError(
                path: path(of: file),
                message:
                    "A request of \(file) is deleted in the file itself (with its ### block); hammock does not cut it out."
            )
        }
        let path = try checkedPath(ofRequest: id)
        do {
            try FileSystem.remove(path)
        } catch {
            throw CollectionError(path: path, message: "Could not delete \(path): \(error.reason).")
        }
    }

    /// Creates the group (folder) `name` inside group `parent`, and returns it (empty).
    /// Creating a group that exists returns it unchanged.
    @discardableResult
    public func createGroup(_ name: String, in parent: String = "") throws(CollectionError) -> CollectionGroup {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("."), !trimmed.contains("/"),
            !trimmed.contains(where: { $0.isNewline || $0 == "\0" })
        else {
            throw CollectionError(
                path: path(of: parent),
                message: "“\(name)” cannot be a group name: it must not be empty, start with “.” or hold “/”.")
        }
        let id = parent.isEmpty ? trimmed : parent + "/" + trimmed
        let path = try checkedPath(ofGroup: id)
        do {
            try FileSystem.makeDirectories(path)
        } catch {
            throw CollectionError(path: path, message: "Could not create the group \(path): \(error.reason).")
        }
        return CollectionGroup(id: id, name: trimmed)
    }

    // MARK: Helpers

    private struct ReadForChange {
        var name: String
        var definition: RequestDefinition
        var checks: RequestChecks
        var text: String
    }

    private func readForChange(id: String, path: String, action: String) throws(CollectionError) -> ReadForChange {
        guard FileSystem.kind(of: path) != nil else {
            throw CollectionError(path: path, message: "Could not \(action) \(path): it does not exist.")
        }
        let text: String
        let decoded: RequestFile.Decoded
        do {
            text = try readText(path)
            decoded = try RequestFile.decode(text)
        } catch let problem as CollectionFileProblem {
            throw CollectionError(path: path, message: "Could not \(action) the request: \(problem.message)")
        } catch let problem as YAMLDocument.Problem {
            let file = CollectionFileProblem(path: path, line: problem.line, reason: problem.reason)
            throw CollectionError(
                path: path, message: "Could not \(action) the request: \(file.message) Fix the file first.")
        } catch {
            throw CollectionError(path: path, message: "Could not \(action) \(path): \(error).")
        }
        return ReadForChange(
            name: decoded.name ?? Self.nameFromFile(id), definition: decoded.definition, checks: decoded.checks,
            text: text)
    }

    /// Writes `text` to a new file `<slug>.yaml`, `<slug>-2.yaml`, … in the group; returns its id.
    private func createFile(
        text: String, slug: String, group: String, groupPath: String,
        message: (FileSystem.Failure) -> String
    ) throws(CollectionError) -> String {
        do {
            try FileSystem.makeDirectories(groupPath)
        } catch {
            throw CollectionError(path: error.path, message: message(error))
        }
        for attempt in 0..<1000 {
            let fileName = FileNameSlug.fileName(slug: slug, attempt: attempt)
            let id = group.isEmpty ? fileName : group + "/" + fileName
            do {
                try FileSystem.createNew(path(of: id), with: text)
                return id
            } catch  where error.code == EEXIST && error.path == path(of: id) {
                continue
            } catch {
                throw CollectionError(path: error.path, message: message(error))
            }
        }
        throw CollectionError(
            path: groupPath, message: message(FileSystem.Failure(path: groupPath, code: EEXIST)))
    }

    private func checkedName(_ name: String) throws(CollectionError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            throw CollectionError(path: folder, message: "A saved request needs a name.")
        }
        guard !trimmed.contains(where: \.isNewline) else {
            throw CollectionError(path: folder, message: "A request name must be on one line.")
        }
        return trimmed
    }

    private func checkedPath(ofRequest id: String) throws(CollectionError) -> String {
        guard Self.isPlainRelativePath(id), Self.isRequestFileName((id as NSString).lastPathComponent) else {
            throw CollectionError(path: path(of: id), message: "“\(id)” is not a request of the collection \(folder).")
        }
        return path(of: id)
    }

    private func checkedPath(ofGroup id: String) throws(CollectionError) -> String {
        guard id.isEmpty || Self.isPlainRelativePath(id) else {
            throw CollectionError(path: path(of: id), message: "“\(id)” is not a group of the collection \(folder).")
        }
        if id == EnvironmentSet.folderName || id.hasPrefix(EnvironmentSet.folderName + "/") {
            throw CollectionError(
                path: path(of: id),
                message: "The folder “\(EnvironmentSet.folderName)” holds environments, not requests.")
        }
        return path(of: id)
    }

    /// Relative, with no empty, `.`, `..` or hidden components.
    static func isPlainRelativePath(_ id: String) -> Bool {
        guard !id.isEmpty, !id.hasPrefix("/"), !id.contains("\0") else { return false }
        return id.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && !$0.hasPrefix(".")
        }
    }

    private static func isRequestFileName(_ name: String) -> Bool {
        (name.hasSuffix(".yaml") && name.count > 5) || (name.hasSuffix(".yml") && name.count > 4)
    }

    private static func nameFromFile(_ id: String) -> String {
        let file = (id as NSString).lastPathComponent
        for suffix in [".yaml", ".yml"] where file.hasSuffix(suffix) {
            return String(file.dropLast(suffix.count))
        }
        return file
    }

    private static func precedes(_ lhsName: String, _ lhsID: String, _ rhsName: String, _ rhsID: String) -> Bool {
        switch lhsName.localizedStandardCompare(rhsName) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: return lhsID < rhsID
        }
    }

    /// `text` with its `name:` value replaced by `name`, changing only that line (or adding one
    /// at the top); the standard form of the request when the edited text would not read back
    /// as the same request with the new name.
    static func text(
        _ text: String, renamedTo name: String, definition: RequestDefinition, checks: RequestChecks = .none
    ) -> String {
        let fallback = RequestFile.encode(name: name, definition: definition, checks: checks)
        let edited = editedNameLine(text, name: name)
        guard let edited, let read = try? RequestFile.decode(edited),
            read.name == name, read.definition == definition, read.checks == checks
        else { return fallback }
        return edited
    }

    private static func editedNameLine(_ text: String, name: String) -> String? {
        guard let root = try? YAMLDocument.parse(text), let mapping = root.mapping else { return nil }
        let newValue = YAMLScalar.inline(name)
        guard let pair = mapping.first(where: { YAMLDocument.text(of: $0.key) == "name" }) else {
            return "name: \(newValue)\n" + text
        }
        guard let mark = pair.value.mark, let keyMark = pair.key.mark, mark.line == keyMark.line else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard mark.line - 1 < lines.count else { return nil }
        let line = lines[mark.line - 1]
        let scalars = line.unicodeScalars
        guard mark.column - 1 <= scalars.count else { return nil }
        let start = scalars.index(scalars.startIndex, offsetBy: mark.column - 1)
        let carriageReturn = line.hasSuffix("\r") ? "\r" : ""
        lines[mark.line - 1] = String(scalars[..<start]) + newValue + carriageReturn
        return lines.joined(separator: "\n")
    }
}
