import Foundation
import OrderedJSON

/// The environments the `.http` clients keep beside their request files, read as hammock's
/// ``Environment``s.
///
/// - **JetBrains**: `http-client.env.json` and `http-client.private.env.json` (for secrets,
///   kept out of git), each an object of environment name → object of variable → value:
///
///   ```json
///   {
///     "$shared": {"version": "v1"},
///     "dev": {"base": "http://localhost:8080", "user": "ada"},
///     "prod": {"base": "https://api.example.com"}
///   }
///   ```
/// - **VS Code REST Client**: the `rest-client.environmentVariables` object of the workspace's
///   `.vscode/settings.json` (comments and trailing commas allowed, as VS Code allows them),
///   in the same shape.
///
/// An environment holds `$shared`'s variables under its own: for JetBrains, the public
/// `$shared`, then the private `$shared`, then the public environment, then the private one,
/// each later value replacing an earlier one in place (new names go at the end). Numbers and
/// booleans are taken as their text, `null` as the empty string; objects and arrays
/// (JetBrains' `Security` auth settings, for one) are left out with a note. Values are kept
/// as written: `{{…}}` inside is not expanded here.
///
/// ```swift
/// if let environment = try HTTPClientEnvironmentFile.load(near: "api/users.http", name: "dev") {
///     environment.value(of: "base")   // "http://localhost:8080"
/// }
/// ```
public struct HTTPClientEnvironmentFile: Sendable, Hashable {
    /// Which client's files these are.
    public enum Dialect: Sendable, Hashable {
        /// `http-client.env.json` and `http-client.private.env.json`.
        case jetBrains
        /// `.vscode/settings.json`.
        case vsCode
    }

    /// The JetBrains file with the shared values.
    public static let publicFileName = "http-client.env.json"
    /// The JetBrains file with private values, which override the shared ones.
    public static let privateFileName = "http-client.private.env.json"
    /// VS Code's workspace settings, under the folder that holds `.vscode`.
    public static let settingsPath = ".vscode/settings.json"
    /// The settings key VS Code's REST Client keeps environments under.
    public static let settingsKey = "rest-client.environmentVariables"

    /// Which client's files were read.
    public var dialect: Dialect
    /// The files that were read, in the order they were merged.
    public var paths: [String]
    /// The environments, `$shared` merged into each and not listed itself, in the order their
    /// names first appear.
    public var environments: [Environment]
    /// One sentence for each value that was left out, naming the file, line and column.
    public var notes: [String]

    /// Creates a value.
    public init(dialect: Dialect, paths: [String], environments: [Environment], notes: [String] = []) {
        self.dialect = dialect
        self.paths = paths
        self.environments = environments
        self.notes = notes
    }

    /// The environment called `name`, nil when there is none.
    public func environment(named name: String) -> Environment? {
        environments.first { $0.name == name }
    }

    // MARK: - Finding the files

    /// The environments for the `.http` file at `httpFilePath`: its folder is searched, then
    /// each parent up to the file system's root, and the first folder that has a JetBrains
    /// file (either of the two) or a `.vscode/settings.json` with `rest-client.environmentVariables`
    /// is the one read (the JetBrains files win when a folder has both). Nil when no folder
    /// has one.
    ///
    /// Throws a problem naming the file, line and column when one of them is not JSON, not
    /// UTF-8 or not shaped as above, and naming the file when it cannot be read.
    public static func find(near httpFilePath: String) throws(HTTPFileProblem) -> HTTPClientEnvironmentFile? {
        let absolute =
            httpFilePath.hasPrefix("/")
            ? httpFilePath : FileManager.default.currentDirectoryPath + "/" + httpFilePath
        var folder = URL(fileURLWithPath: absolute).standardizedFileURL.deletingLastPathComponent().path
        while true {
            let base = folder.hasSuffix("/") ? folder : folder + "/"
            let publicPath = base + publicFileName
            let privatePath = base + privateFileName
            let hasPublic = FileSystem.kind(of: publicPath) != nil
            let hasPrivate = FileSystem.kind(of: privatePath) != nil
            if hasPublic || hasPrivate {
                return try jetBrains(
                    publicText: hasPublic ? try read(publicPath) : nil, publicPath: publicPath,
                    privateText: hasPrivate ? try read(privatePath) : nil, privatePath: privatePath)
            }
            let settings = base + settingsPath
            if FileSystem.kind(of: settings) != nil, let found = try vsCodeSettings(try read(settings), path: settings)
            {
                return found
            }
            let parent = URL(fileURLWithPath: folder).deletingLastPathComponent().path
            if parent == folder || folder == "/" || parent.isEmpty { return nil }
            folder = parent
        }
    }

    /// The environment `name` for the `.http` file at `httpFilePath` (see
    /// ``find(near:)``); nil when no folder up to the root has environment files.
    ///
    /// Throws when the files cannot be read, and when they have no environment `name`
    /// (`http-client.env.json: there is no environment “prod” (there are: dev, test)`).
    public static func load(near httpFilePath: String, name: String) throws(HTTPFileProblem) -> Environment? {
        guard let file = try find(near: httpFilePath) else { return nil }
        guard let environment = file.environment(named: name) else {
            let known = file.environments.map(\.name)
            throw HTTPFileProblem(
                file: file.paths.first, line: nil, column: nil,
                reason: "there is no environment “\(name)” "
                    + (known.isEmpty ? "(there are none)" : "(there are: \(known.joined(separator: ", ")))"))
        }
        return environment
    }

    private static func read(_ path: String) throws(HTTPFileProblem) -> String {
        let data: Data
        do {
            data = try FileSystem.readFile(path, limit: 16 << 20)
        } catch {
            throw HTTPFileProblem(file: path, line: nil, column: nil, reason: "it cannot be read: \(error.reason)")
        }
        let bytes = Array(data)
        if let bad = UTF8Check.firstProblem(in: bytes) {
            throw HTTPFileProblem(
                file: path, line: bad.line, column: bad.column, reason: "the file is not UTF-8 text: " + bad.reason)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Reading the text

    /// The environments of JetBrains' two files, given their text (nil for a file that does
    /// not exist); the paths name them in problems and notes.
    public static func jetBrains(
        publicText: String?, publicPath: String = publicFileName, privateText: String?,
        privatePath: String = privateFileName
    ) throws(HTTPFileProblem) -> HTTPClientEnvironmentFile {
        var notes: [String] = []
        var sets: [[(String, [EnvironmentVariable])]] = []
        var paths: [String] = []
        for (text, path) in [(publicText, publicPath), (privateText, privatePath)] {
            guard let text else { continue }
            paths.append(path)
            sets.append(try environments(in: text, path: path, allowingComments: false, key: nil, notes: &notes) ?? [])
        }
        return HTTPClientEnvironmentFile(
            dialect: .jetBrains, paths: paths, environments: merged(sets), notes: notes)
    }

    /// The environments of a VS Code `settings.json` text; nil when it has no
    /// `rest-client.environmentVariables`.
    public static func vsCodeSettings(_ text: String, path: String = settingsPath) throws(HTTPFileProblem)
        -> HTTPClientEnvironmentFile?
    {
        var notes: [String] = []
        guard let set = try environments(in: text, path: path, allowingComments: true, key: settingsKey, notes: &notes)
        else { return nil }
        return HTTPClientEnvironmentFile(dialect: .vsCode, paths: [path], environments: merged([set]), notes: notes)
    }

    /// Each environment's variables in `text`, in order; nil when `key` is given and the top
    /// object does not have it.
    private static func environments(
        in text: String, path: String, allowingComments: Bool, key: String?, notes: inout [String]
    ) throws(HTTPFileProblem) -> [(String, [EnvironmentVariable])]? {
        let bytes = Array(text.utf8)
        func position(_ offset: Int) -> (line: Int, column: Int) {
            var line = 1
            var column = 1
            var index = 0
            while index < min(offset, bytes.count) {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n")
                    || (byte == UInt8(ascii: "\r") && bytes[safe: index + 1] != UInt8(ascii: "\n"))
                {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 && byte != UInt8(ascii: "\r") {
                    column += 1
                }
                index += 1
            }
            return (line, column)
        }
        func problem(at offset: Int, _ reason: String) -> HTTPFileProblem {
            let (line, column) = position(offset)
            return HTTPFileProblem(file: path, line: line, column: column, reason: reason)
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(bytes: allowingComments ? JSONCommentStripper.strip(bytes) : bytes)
        } catch {
            throw problem(at: error.offset, "the file is not JSON: \(error.reason)")
        }
        var root = document.root
        if let key {
            guard document.kind(root).isObject else {
                throw problem(at: document.valueRange(root).lowerBound, "the settings must be a JSON object")
            }
            guard let found = Array(document.children(of: root)).last(where: { document.key($0) == key }) else {
                return nil
            }
            root = found
        }
        let what = key.map { "“\($0)”" } ?? "the file"
        guard document.kind(root).isObject else {
            throw problem(
                at: document.valueRange(root).lowerBound,
                "\(what) must be an object of environment names, each an object of variables")
        }
        var result: [(String, [EnvironmentVariable])] = []
        for environment in document.children(of: root) {
            let name = document.key(environment) ?? ""
            guard document.kind(environment).isObject else {
                throw problem(
                    at: document.valueRange(environment).lowerBound,
                    "the environment “\(name)” must be an object of variable names and values")
            }
            var variables: [EnvironmentVariable] = []
            for variable in document.children(of: environment) {
                let variableName = document.key(variable) ?? ""
                let value: String
                switch document.kind(variable) {
                case .string: value = document.string(variable) ?? ""
                case .null: value = ""
                case let kind where kind.isScalar: value = document.rawText(variable)
                default:
                    let (line, column) = position(document.valueRange(variable).lowerBound)
                    notes.append(
                        "\(path):\(line):\(column): “\(variableName)” of environment “\(name)” is "
                            + (document.kind(variable).isArray ? "an array" : "an object")
                            + "; hammock's variables are text, so it was left out")
                    continue
                }
                variables.append(EnvironmentVariable(name: variableName, value: value))
            }
            result.append((name, variables))
        }
        return result
    }

    /// One environment per name: `$shared` of each set, then the environment of each set,
    /// later values replacing earlier ones in place.
    private static func merged(_ sets: [[(String, [EnvironmentVariable])]]) -> [Environment] {
        var names: [String] = []
        for set in sets {
            for (name, _) in set where name != "$shared" && !names.contains(name) { names.append(name) }
        }
        func variables(of name: String) -> [[EnvironmentVariable]] {
            sets.map { set in set.filter { $0.0 == name }.flatMap(\.1) }
        }
        let shared = variables(of: "$shared")
        return names.map { name in
            var merged: [EnvironmentVariable] = []
            for variable in (shared + variables(of: name)).joined() {
                if let index = merged.firstIndex(where: { $0.name == variable.name }) {
                    merged[index].value = variable.value
                } else {
                    merged.append(variable)
                }
            }
            return Environment(name: name, variables: merged)
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate subscript(safe index: Int) -> UInt8? {
        indices.contains(index) ? self[index] : nil
    }
}
