import ArgumentParser
import Browser
import Foundation
import Workspace

/// `hammock export http DIR`: a collection as one `.http` file, with its environments as
/// `http-client.env.json` and `http-client.private.env.json`.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hammock export",
        abstract: "Write a collection in another format.",
        subcommands: [HTTP.self])

    /// `hammock export http`.
    struct HTTP: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "http",
            abstract: "A collection as one .http file (JetBrains and VS Code REST Client).",
            discussion: """
                Writes every request of the collection DIR, in its order, as a ### block named after the \\
                request, its checks as # @capture, # @assert, # @retry and # @fresh lines (which hammock \\
                reads back exactly; other tools take them for comments). With --output, the environments go \\
                beside the file: http-client.env.json, and the values with secret names (token, password, \\
                key, …) in http-client.private.env.json, to keep out of version control. Existing files are \\
                replaced only with --force. Without --output the .http text goes to standard output.

                Exit status: 0 when done, 1 when the collection cannot be read or a file cannot be written.

                Examples:
                  hammock export http .hammock --output api.http
                  hammock export http api > api.http
                """)

        @Argument(help: "The collection folder.")
        var folder: String = RequestCollection.defaultFolderName

        @Option(name: .shortAndLong, help: ArgumentHelp("The .http file to write.", valueName: "file"))
        var output: String?

        @Flag(help: "Replace files that exist.")
        var force = false

        func run() async throws {
            let exported: HTTPFileExport.Output
            do {
                exported = try HTTPFileExport.run(RequestCollection(folder: folder))
            } catch {
                Self.fail(error.message)
            }
            for note in exported.notes {
                FileHandle.standardError.write(Data("note: \(TextSanitizer.sanitize(note))\n".utf8))
            }
            guard let output else {
                FileHandle.standardOutput.write(Data(exported.text.utf8))
                return
            }
            let directory = URL(fileURLWithPath: output).deletingLastPathComponent()
            var files = [(output, exported.text)]
            if let text = exported.publicEnvironments {
                files.append((directory.appendingPathComponent("http-client.env.json").path, text))
            }
            if let text = exported.privateEnvironments {
                files.append((directory.appendingPathComponent("http-client.private.env.json").path, text))
            }
            if !force, let existing = files.first(where: { FileManager.default.fileExists(atPath: $0.0) }) {
                Self.fail("\(existing.0) exists; give --force to replace it")
            }
            for (path, text) in files {
                do {
                    try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                    print("wrote \(path)")
                } catch {
                    Self.fail("could not write \(path): \(error.localizedDescription)")
                }
            }
        }

        static func fail(_ message: String) -> Never {
            FileHandle.standardError.write(Data("hammock export http: \(TextSanitizer.sanitize(message))\n".utf8))
            Foundation.exit(1)
        }
    }
}
