import Foundation

/// Writes the requests of a `.http` / `.rest` file into a collection as request files, and its
/// variables and environments as environment files: `hammock import http FILE --into DIR`.
///
/// - Each request becomes `<group>/<name>.yaml` with its checks (`# @capture`, `# @assert`, and
///   JetBrains handlers that map to them); an existing file is never replaced (`name-2.yaml`).
/// - The file's `@name = value` variables go to `environments/_shared.yaml`, and the
///   environments of an `http-client.env.json` beside it to `environments/<name>.yaml`, when
///   those files do not exist yet; values of its private file are never copied (they are named
///   in a note, to be set with `{{env:…}}` or `--var`).
/// - What cannot be mapped is named in a note with its line.
///
/// ```swift
/// let lines = try HTTPFileImport.run(file: "api.http", into: RequestCollection(folder: ".hammock"))
/// ```
public enum HTTPFileImport {
    /// What an import did, one line each: `+ api/log-in.yaml`, `env environments/dev.yaml`,
    /// `note: api.http:14: …`.
    public struct Report: Sendable, Hashable, CustomStringConvertible {
        /// The lines, in order.
        public var lines: [String]

        /// The lines joined with line breaks.
        public var description: String { lines.joined(separator: "\n") }
    }

    /// Why an import stopped, as a sentence naming the file (and line and column for a file
    /// that cannot be read).
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The sentence.
        public var description: String
    }

    /// Imports `file` into `collection`, its requests in group `group` (nil: a group named after
    /// the file, `api.http` → `api`; `""`: the top level).
    public static func run(file: String, into collection: RequestCollection, group: String? = nil) throws(Failure)
        -> Report
    {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw Failure(description: "\(file) could not be read: \(error.localizedDescription)")
        }
        let document: HTTPFileDocument
        do {
            document = try HTTPFileDocument.parse(bytes: data, file: file)
        } catch {
            throw Failure(description: error.description)
        }
        let group = group ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        var lines: [String] = []
        do {
            if !group.isEmpty { try collection.createGroup(group) }
            for request in document.requests {
                let saved = request.toSaved()
                let written = try collection.save(saved.definition, name: saved.name, in: group, checks: saved.checks)
                lines.append("+ \(written.id)")
                lines += saved.notes.map { "note: \($0)" }
            }
        } catch {
            throw Failure(description: error.message)
        }
        if !document.fileVariables.isEmpty {
            lines += write(
                [Environment(name: EnvironmentSet.sharedName, variables: document.fileVariables)], into: collection)
        }
        do {
            if let found = try HTTPClientEnvironmentFile.find(near: file) {
                let publicOnly = try publicEnvironments(of: found)
                lines += write(publicOnly.environments, into: collection)
                lines += publicOnly.notes.map { "note: \($0)" }
            }
        } catch {
            lines.append("note: the environments beside \(file) were not read: \(error.description)")
        }
        return Report(lines: lines)
    }

    /// The environments of `found` without the values of its private file.
    private static func publicEnvironments(of found: HTTPClientEnvironmentFile) throws(HTTPFileProblem)
        -> (environments: [Environment], notes: [String])
    {
        guard found.dialect == .jetBrains, found.paths.count > 1,
            let publicPath = found.paths.first(where: { $0.hasSuffix(HTTPClientEnvironmentFile.publicFileName) })
        else { return (found.environments.filter { !$0.name.hasPrefix("$") }, []) }
        let text = (try? String(contentsOfFile: publicPath, encoding: .utf8)) ?? "{}"
        let publicFile = try HTTPClientEnvironmentFile.jetBrains(
            publicText: text, publicPath: publicPath, privateText: nil)
        var notes: [String] = []
        for environment in found.environments where !environment.name.hasPrefix("$") {
            let publicVariables = publicFile.environment(named: environment.name)?.variables ?? []
            let shown = Set(publicVariables.map(\.name))
            let hidden = environment.variables.map(\.name).filter { !shown.contains($0) }
            if !hidden.isEmpty {
                notes.append(
                    "the private values of “\(environment.name)” (\(hidden.joined(separator: ", "))) were not copied; "
                        + "give them as {{env:NAME}} or with --var")
            }
        }
        return (publicFile.environments.filter { !$0.name.hasPrefix("$") }, notes)
    }

    /// Writes each environment that has no file yet; a line for each written or left alone.
    private static func write(_ environments: [Environment], into collection: RequestCollection) -> [String] {
        var lines: [String] = []
        let folder = collection.folder + "/" + EnvironmentSet.folderName
        for environment in environments {
            let relative = EnvironmentSet.folderName + "/" + environment.name + ".yaml"
            let path = folder + "/" + environment.name + ".yaml"
            var text = ""
            for variable in environment.variables {
                text += "\(YAMLScalar.inline(variable.name)): \(YAMLScalar.inline(variable.value))\n"
            }
            do {
                try FileSystem.makeDirectories(folder)
                try FileSystem.createNew(path, with: text)
                lines.append("env \(relative)")
            } catch  where error.code == EEXIST {
                lines.append("note: \(relative) exists and was left as it is")
            } catch {
                lines.append("note: \(relative) could not be written: \(error.reason)")
            }
        }
        return lines
    }
}
