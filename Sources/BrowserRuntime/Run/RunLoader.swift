import Foundation
import Workspace

/// Turns the paths given to a run into files of requests: a request file (YAML), a `.http` or
/// `.rest` file, or a folder, whose files are taken in name order (subfolders after the files
/// at their level; hidden entries, `environments/` and other files left out). The YAML requests
/// of one folder make one file of the run, run in name order.
package enum RunLoader {
    /// What could not be found at all, as a sentence (bad usage, not a broken file).
    package struct Missing: Error, CustomStringConvertible {
        /// The sentence.
        package var description: String
    }

    /// The files at `paths`, in order. Throws when a path does not exist or holds no request
    /// files.
    package static func load(_ paths: [String]) throws(Missing) -> [RunFile] {
        var files: [RunFile] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw Missing(description: "\(path) does not exist")
            }
            if isDirectory.boolValue {
                let found = folder(path)
                guard !found.isEmpty else {
                    throw Missing(description: "\(path) holds no request files (.yaml, .yml, .http, .rest)")
                }
                files += found
            } else if isHTTPFile(path) {
                files.append(httpFile(path))
            } else if isYAML(path) {
                files.append(yamlFiles([path], group: path))
            } else {
                throw Missing(description: "\(path) is not a request file (.yaml, .yml, .http, .rest)")
            }
        }
        return files
    }

    /// The folder whose `environments/` holds the environments for `paths`: the nearest folder
    /// at or above the first path that has one; nil when none has.
    package static func collectionFolder(for paths: [String]) -> String? {
        guard let first = paths.first else { return nil }
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: first, isDirectory: &isDirectory)
        var folder = URL(fileURLWithPath: first).standardizedFileURL
        if !isDirectory.boolValue { folder.deleteLastPathComponent() }
        while true {
            var isFolder: ObjCBool = false
            let candidate = folder.appendingPathComponent(EnvironmentSet.folderName).path
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), isFolder.boolValue {
                return folder.path
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// Every readable request under `folder`, for requests of a run that depend on one not
    /// given to the run; empty when the folder cannot be read.
    package static func library(_ folder: String) -> [RunItem] {
        self.folder(folder).flatMap(\.items)
    }

    /// `path` itself when it is a folder, else the folder it is in.
    package static func folder(containing path: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return path
        }
        return URL(fileURLWithPath: path).deletingLastPathComponent().path
    }

    private static func folder(_ path: String) -> [RunFile] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let sorted = entries.filter { !$0.hasPrefix(".") }.sorted {
            $0.localizedStandardCompare($1) == .orderedAscending
        }
        var yaml: [String] = []
        var others: [RunFile] = []
        var folders: [String] = []
        let base = path.hasSuffix("/") ? path : path + "/"
        for name in sorted {
            let child = base + name
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory)
            if isDirectory.boolValue {
                if name != EnvironmentSet.folderName { folders.append(child) }
            } else if isYAML(name) {
                yaml.append(child)
            } else if isHTTPFile(name) {
                others.append(httpFile(child))
            }
        }
        var files: [RunFile] = []
        if !yaml.isEmpty { files.append(yamlFiles(yaml, group: path)) }
        files += others
        for child in folders { files += folder(child) }
        return files
    }

    /// The YAML request files `paths` as one file of the run named `group`; the first broken one
    /// makes the whole group unreadable.
    private static func yamlFiles(_ paths: [String], group: String) -> RunFile {
        var items: [RunItem] = []
        for path in paths {
            let url = URL(fileURLWithPath: path)
            let folder = url.deletingLastPathComponent().path
            let collection = RequestCollection(folder: folder)
            let saved: SavedRequest
            do {
                saved = try collection.request(id: url.lastPathComponent)
            } catch {
                return RunFile(path: path, problem: error.message)
            }
            if let problem = saved.problem {
                var located = problem
                located.path = path
                return RunFile(path: path, problem: located.location)
            }
            guard let definition = saved.definition else { continue }
            let stem = url.deletingPathExtension().lastPathComponent
            items.append(
                RunItem(
                    name: saved.name, file: path, definition: definition, checks: saved.checks, folder: folder,
                    aliases: stem == saved.name ? [] : [stem]))
        }
        return RunFile(path: group, items: items)
    }

    /// A `.http` or `.rest` file's requests; its `@name = value` lines are their file
    /// variables, and what its handlers do that hammock cannot is listed in the notes.
    private static func httpFile(_ path: String) -> RunFile {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            return RunFile(path: path, problem: "\(path): could not be read (\(error.localizedDescription)).")
        }
        let document: HTTPFileDocument
        do {
            document = try HTTPFileDocument.parse(bytes: data, file: path)
        } catch {
            return RunFile(path: path, problem: error.description)
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var items: [RunItem] = []
        var notes: [String] = []
        for request in document.requests {
            let saved = request.toSaved()
            notes += saved.notes
            if let problem = checkProblem(saved.checks) {
                // A line that cannot be read makes the file unreadable, as in a request file.
                return RunFile(path: path, problem: "\(path):\(request.line ?? 1): \(problem).")
            }
            var aliases: [String] = []
            if let title = request.title, title != saved.name { aliases.append(title) }
            items.append(
                RunItem(
                    name: saved.name, file: path, line: request.line, definition: saved.definition,
                    checks: saved.checks, fileVariables: document.fileVariables, folder: folder, aliases: aliases))
        }
        return RunFile(path: path, items: items, notes: notes)
    }

    /// The first assertion or capture of `checks` that cannot be read, as a phrase; nil when
    /// all can.
    private static func checkProblem(_ checks: RequestChecks) -> String? {
        for capture in checks.captures {
            do {
                _ = try RunQuery.parse(capture.query)
            } catch {
                return "the capture “\(capture.name) = \(capture.query)”: \(error.description)"
            }
        }
        for line in checks.assertions {
            do {
                _ = try RunAssertion.parse(line)
            } catch {
                return "the assertion “\(line)”: \(error.description)"
            }
        }
        return nil
    }

    private static func isYAML(_ name: String) -> Bool {
        name.hasSuffix(".yaml") || name.hasSuffix(".yml")
    }

    private static func isHTTPFile(_ name: String) -> Bool {
        name.hasSuffix(".http") || name.hasSuffix(".rest")
    }
}
