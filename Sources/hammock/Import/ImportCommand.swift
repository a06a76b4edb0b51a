import ArgumentParser
import Browser
import BrowserRuntime
import Foundation
import HTTPCore
import Workspace

/// `hammock import openapi SOURCE --into DIR` (a collection of saved requests from an API
/// description, merged with what is there on later runs) and `hammock import http FILE --into
/// DIR` (the requests of a `.http` file).
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hammock import",
        abstract: "Write saved requests from another source into a collection.",
        subcommands: [OpenAPI.self, HTTP.self])

    /// `hammock import http`.
    struct HTTP: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "http",
            abstract: "Request files from a .http or .rest file (JetBrains and VS Code REST Client dialects).",
            discussion: """
                Writes each request of FILE as a request file in DIR, in a group named after FILE (api.http → \
                api/; --group to choose, --group "" for the top level). # @capture, # @assert, # @retry and \
                # @fresh lines become the request's checks, and so do JetBrains response handlers that set a \
                global from the body or a header, or assert on the status, a body value or a header; each \
                handler statement without an equivalent is named in a note with its line. The file's \
                @name = value lines go to environments/_shared.yaml, and an http-client.env.json beside it \
                to environments/NAME.yaml, when those files do not exist yet; values of \
                http-client.private.env.json are never copied. Existing files are never replaced.

                Exit status: 0 when done, 1 when FILE cannot be read (file:line:column and a sentence) or \
                the collection cannot be written.

                Examples:
                  hammock import http api.http --into .hammock
                  hammock import http requests.rest --into api --group ""
                  hammock run .hammock/api --env dev
                """)

        @Argument(help: "The .http or .rest file.")
        var file: String

        @Option(help: ArgumentHelp("The collection folder to write into (created when missing).", valueName: "dir"))
        var into: String = RequestCollection.defaultFolderName

        @Option(help: ArgumentHelp("The group (folder) for the requests; default: the file's name.", valueName: "name"))
        var group: String?

        func run() async throws {
            do {
                let report = try HTTPFileImport.run(file: file, into: RequestCollection(folder: into), group: group)
                // File text is someone else's: nothing reaches the terminal raw.
                print(TextSanitizer.sanitize(report.description))
            } catch {
                FileHandle.standardError.write(
                    Data("hammock import http: \(TextSanitizer.sanitize(error.description))\n".utf8))
                Foundation.exit(1)
            }
        }
    }

    /// `hammock import openapi`.
    struct OpenAPI: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "openapi",
            abstract: "A collection from an OpenAPI (3.0, 3.1) or Swagger 2.0 description, merged on later runs.",
            discussion: """
                Writes a request file per operation (a folder per tag), an environment per server (its auth from \
                the description's first security scheme, secrets read from API_TOKEN, API_USER/API_PASSWORD or \
                API_KEY in the process environment), and keeps the description in DIR/.openapi/.

                Run again on a newer description, it merges three ways: new operations are added; operations gone \
                from the description move to DIR/removed/ (never deleted); a field you edited keeps your value \
                while the fields you left alone follow the description. Your request names, file names and \
                environment files are never changed. Each change is printed, one a line.

                Exit status: 0 when done (changed or not), 1 when the description or the collection could not be \
                read or written (a sentence on standard error says which).

                Examples:
                  hammock import openapi http://localhost:8000/openapi.json --into api
                  hammock import openapi ./petstore.yaml --into .hammock
                """)

        @Argument(help: "The description: a file (JSON or YAML) or an http(s) URL.")
        var source: String

        @Option(help: ArgumentHelp("The collection folder to write into (created when missing).", valueName: "dir"))
        var into: String = RequestCollection.defaultFolderName

        @Flag(help: "Accept any TLS certificate when fetching the description.")
        var insecure = false

        func run() async throws {
            let url: URL
            if let parsed = URL(string: source), let scheme = parsed.scheme?.lowercased(),
                ["http", "https", "file"].contains(scheme)
            {
                url = parsed
            } else {
                url = URL(fileURLWithPath: source)
            }
            var settings = HTTPClientSettings()
            settings.tls.verifiesCertificates = !insecure
            // Over HTTP for the description and the files it refers to (a local file may too).
            let transport = HTTPTransport(settings: settings)
            let bytes: Data
            let description: APIDescription
            do {
                bytes = try await DescriptionFinder.fetch(url, transport: transport)
                description = try await DescriptionFinder.parse(bytes, from: url, transport: transport)
            } catch {
                await transport.shutdown()
                Self.fail("\(source) could not be used: \(error)")
            }
            await transport.shutdown()
            // The description is someone else's text: no terminal escapes reach the screen.
            for warning in description.warnings {
                FileHandle.standardError.write(Data("warning: \(TextSanitizer.sanitize(warning))\n".utf8))
            }
            do {
                let report = try DescriptionImport.run(
                    description, bytes: bytes, source: source, into: RequestCollection(folder: into))
                print(
                    "\(description.title) \(description.version): \(description.operations.count) operations → \(into)")
                print(report.description)
            } catch {
                Self.fail(error.description)
            }
        }

        static func fail(_ message: String) -> Never {
            FileHandle.standardError.write(Data("hammock import openapi: \(message)\n".utf8))
            Foundation.exit(1)
        }
    }
}
