import ArgumentParser
import Browser
import BrowserRuntime
import Foundation
import HTTPCore
import Workspace

/// `hammock run PATH…`: runs request files without the screen, checks their assertions, and
/// reports; exits as Hurl does (0 passed, 1 usage, 2 unreadable file, 3 request failed,
/// 4 assertion failed).
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hammock run",
        abstract: "Run saved requests and .http files without the screen, check their assertions, and report.",
        discussion: """
            PATH is a request file (.yaml), a .http or .rest file, or a folder (its files in name order, \
            subfolders after; the YAML requests of one folder run as one file). Requests of a file run in \
            order; --jobs runs several files at once.

            A request file may add, after the request:
              capture:                      values for later requests ({{token}})
                - token: $.token            a JSONPath in the JSON body
                - etag: header ETag         also: cookie NAME, status, body, url, regex "id=(\\d+)"
              assert:
                - status == 200
                - header Content-Type contains json
                - $.items count >= 1        filters: count, length, type
                - $.user.name == "Ada"      also: != < <= > >= contains startsWith endsWith matches
                - $.id exists               exists, not exists, isEmpty
                - duration < 500            milliseconds
                - body == file "expected.json"
                - schema                    the operation's schema in the --openapi description
              retry:                        try again until the assertions hold (polling)
                count: 10
                interval: 500ms
              fresh: 10m                    how long its captured values stay fresh

            Chaining: {{login.response.body.$.token}} or {{login.response.headers.X-Token}} uses the last \
            answer of the request named login (its name: or file name), and {{token}} uses a value another \
            request captures. The request it depends on runs first when the value is missing or no longer \
            fresh, and only once however many requests wait for it.

            Variables: --var wins over captured values, which win over a .http file's @name = value \
            variables, which win over the environment (--env; environments/NAME.yaml of the collection, or \
            http-client.env.json and http-client.private.env.json beside a .http file). {{$uuid}}, \
            {{$timestamp}}, {{$isoTimestamp}}, {{$randomInt}} and {{$randomInt MIN MAX}} are made per use.

            On a terminal, a live line per request and a summary; otherwise plain lines. A failure shows \
            expected against actual (for JSON, the differences by path) and the request as sent. Secrets \
            (credential headers, values of variables and captures named like token, password or key, and \
            such JSON members) are masked in everything printed and in every report.

            Exit status: 0 all passed, 1 bad usage, 2 a file could not be read (file:line:column and a \
            sentence), 3 a request could not be sent or completed (network, TLS, timeout, limits, a \
            variable with no value, a capture with nothing to take), 4 an assertion failed.

            Examples:
              hammock run .hammock --env dev
              hammock run api.http --env local --report junit:build/hammock.xml
              hammock run smoke/ --jobs 8 --var base=http://localhost:8080 --report json:run.json
              hammock run jobs/poll.yaml --repeat 3 --delay 200ms --continue-on-failure
            """)

    @Argument(help: ArgumentHelp("Request files, .http/.rest files or folders.", valueName: "path"))
    var paths: [String] = []

    @Option(help: ArgumentHelp("The environment to use.", valueName: "name"))
    var env: String?

    @Option(
        help: ArgumentHelp(
            "The collection folder whose environments/ --env reads (default: the nearest folder at or above the first path that has one).",
            valueName: "dir"))
    var collection: String?

    @Option(
        name: .customLong("var"),
        help: ArgumentHelp("A variable, name=value; wins over everything else. Repeatable.", valueName: "name=value"))
    var variables: [String] = []

    @Option(help: ArgumentHelp("How many files run at once.", valueName: "n"))
    var jobs = 1

    @Flag(help: "Keep running a file's requests after one failed (otherwise the rest of that file is skipped).")
    var continueOnFailure = false

    @Option(name: .customLong("repeat"), help: ArgumentHelp("Run everything this many times.", valueName: "n"))
    var repeatCount = 1

    @Option(help: ArgumentHelp("A pause before each request after the first: 200ms, 1s.", valueName: "duration"))
    var delay: String?

    @Option(
        help: ArgumentHelp(
            "A report to write, junit:FILE, json:FILE or tap:FILE. Repeatable.", valueName: "format:file"))
    var report: [String] = []

    @Option(
        help: ArgumentHelp(
            "An OpenAPI description (file or URL) for `schema` assertions.", valueName: "source"))
    var openapi: String?

    @Flag(name: .shortAndLong, help: "Print every request as sent and every answer's status and headers.")
    var verbose = false

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("Give at least one request file, .http file or folder.") }
        guard jobs >= 1, jobs <= 64 else { throw ValidationError("--jobs must be from 1 to 64.") }
        guard repeatCount >= 1 else { throw ValidationError("--repeat must be at least 1.") }
        if let delay, DurationText.parse(delay) == nil {
            throw ValidationError("--delay wants a duration such as 200ms or 2s, not “\(delay)”.")
        }
        for variable in variables {
            guard let equals = variable.firstIndex(of: "="), Template.isVariableName(variable[..<equals]) else {
                throw ValidationError(
                    "--var wants name=value with a name of letters, digits, _, - and ., not “\(variable)”.")
            }
        }
        for spec in report {
            do {
                _ = try RunReportSpec(parsing: spec)
            } catch {
                throw ValidationError(error.description)
            }
        }
    }

    /// Parses `arguments` and runs; exits with the run's code. Usage errors exit 1 (not
    /// ArgumentParser's 64), as Hurl does.
    static func main(_ arguments: [String]) async {
        let command: RunCommand
        do {
            var parsed = try parseAsRoot(arguments)
            guard let run = parsed as? RunCommand else {
                // `--help` comes back as a help command, whose run prints the help.
                try parsed.run()
                exit(withError: nil)
            }
            command = run
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // --help and --version: printed as ArgumentParser prints them.
                exit(withError: error)
            }
            FileHandle.standardError.write(Data("hammock run: \(fullMessage(for: error))\n".utf8))
            Foundation.exit(RunExitCode.badUsage)
        }
        let code = await command.execute()
        Foundation.exit(code)
    }

    /// Runs and returns the exit code.
    func execute() async -> Int32 {
        let printer = RunPrinter(verbose: verbose)
        func usage(_ message: String) -> Int32 {
            printer.error("hammock run: \(message)")
            return RunExitCode.badUsage
        }
        let files: [RunFile]
        do {
            files = try RunLoader.load(paths)
        } catch {
            return usage(error.description)
        }
        var options = RunOptions()
        options.processEnvironment = ProcessInfo.processInfo.environment
        options.jobs = jobs
        options.continueOnFailure = continueOnFailure
        options.repeatCount = repeatCount
        options.delay = delay.flatMap(DurationText.parse) ?? .zero
        if let seconds = connection.readTimeout { options.timeout = seconds == 0 ? 1e9 : seconds }
        options.variables = variables.map { text in
            let equals = text.firstIndex(of: "=")!
            return EnvironmentVariable(name: String(text[..<equals]), value: String(text[text.index(after: equals)...]))
        }
        if let env {
            switch RunEnvironmentLoader.load(env, collection: collection, paths: paths) {
            case .success(let environment): options.environment = environment
            case .failure(let message): return usage(message.description)
            }
        }
        let settings: HTTPClientSettings
        do {
            settings = try connection.clientSettings()
        } catch {
            return usage(error.message)
        }
        let transport = HTTPTransport(settings: settings)
        defer { Task { await transport.shutdown() } }
        if let openapi {
            do {
                let url = Self.url(of: openapi)
                let bytes = try await DescriptionFinder.fetch(url, transport: transport)
                options.checker = ResponseChecker(
                    try await DescriptionFinder.parse(bytes, from: url, transport: transport))
            } catch {
                printer.error("hammock run: \(openapi): the description could not be read: \(error)")
                await transport.shutdown()
                return RunExitCode.unreadableFile
            }
        }
        for file in files {
            for note in file.notes { printer.error("note: \(note)") }
        }
        let engine = RunEngine(transport: transport, options: options) { progress in
            printer.show(progress)
        }
        // The rest of the collection may hold the requests these depend on.
        let libraryFolder =
            collection ?? RunLoader.collectionFolder(for: paths) ?? RunLoader.folder(containing: paths[0])
        let given = Set(paths.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        // A folder given to the run is read already.
        let library =
            given.contains(URL(fileURLWithPath: libraryFolder).standardizedFileURL.path)
            ? [] : RunLoader.library(libraryFolder)
        let result = await engine.run(files, library: library)
        await transport.shutdown()
        printer.summary(result)
        var code = result.exitCode
        for spec in report {
            guard let spec = try? RunReportSpec(parsing: spec) else { continue }
            do {
                try spec.write(result, hostname: ProcessInfo.processInfo.hostName)
            } catch {
                printer.error("hammock run: \(error)")
                code = max(code, RunExitCode.badUsage)
            }
        }
        return code
    }

    private static func url(of source: String) -> URL {
        if let parsed = URL(string: source), let scheme = parsed.scheme?.lowercased(),
            ["http", "https", "file"].contains(scheme)
        {
            return parsed
        }
        return URL(fileURLWithPath: source)
    }
}
