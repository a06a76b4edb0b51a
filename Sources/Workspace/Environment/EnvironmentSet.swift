import Foundation

/// The environments of a collection: the files in its `environments/` folder.
///
/// `environments/<name>.yaml` (or `.yml`) is the environment `<name>`; `environments/_shared.yaml`
/// is not an environment of its own but gives every environment its variables and auth, which
/// the environment's own file overrides. Hidden files and other extensions are ignored. See
/// ``Environment`` and the Collections article for the file format.
///
/// ```swift
/// let set = EnvironmentSet(collectionFolder: ".hammock")
/// let names = try set.names()          // ["dev", "prod"]
/// let dev = try set.load("dev")
/// let ready = try dev.prepare(definition, processEnvironment: ProcessInfo.processInfo.environment)
/// ```
public struct EnvironmentSet: Sendable, Hashable {
    /// The name of the file every environment inherits from, without extension.
    public static let sharedName = "_shared"
    /// The folder, inside a collection, that holds the environment files.
    public static let folderName = "environments"
    /// The largest environment file read, in bytes.
    static let sizeLimit = 1 << 20

    /// The folder holding the environment files.
    public let folder: String

    /// The environments of the collection in `collectionFolder` (its `environments/` folder).
    public init(collectionFolder: String) {
        folder = collectionFolder + "/" + Self.folderName
    }

    /// The environments in `folder` itself.
    public init(folder: String) {
        self.folder = folder
    }

    /// The environment names, sorted (`_shared` and hidden files left out). Broken files are
    /// listed too; ``load(_:)`` reports what is wrong with them. Empty when the folder does not
    /// exist; throws when it cannot be read.
    public func names() throws(EnvironmentError) -> [String] {
        guard FileSystem.kind(of: folder) != nil else { return [] }
        let entries: [FileSystem.Entry]
        do {
            entries = try FileSystem.list(folder)
        } catch {
            throw EnvironmentError(
                path: folder, line: nil, message: "Could not list the environments in \(folder): \(error.reason).")
        }
        var names = Set<String>()
        for entry in entries where entry.kind == .file && !entry.name.hasPrefix(".") {
            guard let name = Self.environmentName(ofFile: entry.name), name != Self.sharedName else { continue }
            names.insert(name)
        }
        return names.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }

    /// The environment `name`, merged over `_shared.yaml` when that exists.
    ///
    /// Throws when there is no such environment (the message lists the known ones), or when its
    /// file or the shared file cannot be read or parsed (the message names the file and line).
    public func load(_ name: String) throws(EnvironmentError) -> Environment {
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix("."), name != Self.sharedName else {
            throw EnvironmentError(path: nil, line: nil, message: "“\(name)” is not an environment name.")
        }
        guard let path = existingFile(named: name) else {
            let known = (try? names()) ?? []
            let list = known.isEmpty ? "there are none in \(folder)" : "known: " + known.joined(separator: ", ")
            throw EnvironmentError(path: nil, line: nil, message: "There is no environment “\(name)” (\(list)).")
        }
        let own = try read(path)
        let shared = try existingFile(named: Self.sharedName).map { path throws(EnvironmentError) in try read(path) }
        var variables = shared?.variables ?? []
        for variable in own.variables {
            if let index = variables.firstIndex(where: { $0.name == variable.name }) {
                variables[index].value = variable.value
            } else {
                variables.append(variable)
            }
        }
        let auth: AuthScheme?
        switch own.auth {
        case .scheme(let scheme): auth = scheme
        case .none: auth = nil
        case .inherit:
            if case .scheme(let scheme) = shared?.auth { auth = scheme } else { auth = nil }
        }
        return Environment(name: name, variables: variables, auth: auth)
    }

    /// How the files of environment `name` (its own and `_shared.yaml`) look on disk now: take
    /// it before ``load(_:)`` and compare a later one to notice that they changed. A `stat` per
    /// file, nothing read.
    public func stamp(of name: String) -> EnvironmentStamp {
        func file(_ name: String) -> EnvironmentStamp.File {
            let path = existingFile(named: name)
            return EnvironmentStamp.File(
                path: path ?? "\(folder)/\(name).yaml", fields: path.flatMap { FileSystem.stamp(of: $0) })
        }
        return EnvironmentStamp(own: file(name), shared: file(Self.sharedName))
    }

    /// The path of the file for environment `name`, nil when there is none.
    public func path(of name: String) -> String? {
        existingFile(named: name)
    }

    private func existingFile(named name: String) -> String? {
        for fileExtension in ["yaml", "yml"] {
            let path = "\(folder)/\(name).\(fileExtension)"
            if FileSystem.kind(of: path) == .file { return path }
        }
        return nil
    }

    private func read(_ path: String) throws(EnvironmentError) -> EnvironmentFile.Content {
        let data: Data
        do {
            data = try FileSystem.readFile(path, limit: Self.sizeLimit)
        } catch {
            throw EnvironmentError(path: path, line: nil, message: "Could not read \(path): \(error.reason).")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw EnvironmentError(path: path, line: nil, message: "\(path) is not UTF-8 text.")
        }
        do {
            return try EnvironmentFile.decode(text)
        } catch {
            let place = error.line.map { "\(path), line \($0)" } ?? path
            throw EnvironmentError(path: path, line: error.line, message: "\(place): \(error.reason).")
        }
    }

    private static func environmentName(ofFile file: String) -> String? {
        for suffix in [".yaml", ".yml"] where file.hasSuffix(suffix) && file.count > suffix.count {
            return String(file.dropLast(suffix.count))
        }
        return nil
    }
}
