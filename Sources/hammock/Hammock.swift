import ArgumentParser
import Browser
import BrowserRuntime
import DemoAPI
import Foundation
import HTTPCore
import Siesta
import TUICore
import Terminal

/// The `hammock` command: a terminal browser for REST resources as Siesta sees them.
struct Hammock: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hammock",
        abstract: "Browse a REST API in the terminal and watch its resources the way Siesta sees them.",
        discussion: """
            Shows the focused resource's url, latestData, latestError and isLoading, and a live log of \
            ResourceEvents and request hooks. With no URL, hammock starts its demo API on 127.0.0.1 \
            (a free port) and browses it.

            Themes: built in (\(BuiltInThemes.sources.map(\.name).joined(separator: ", "))), plus YAML files \
            in $XDG_CONFIG_HOME/hammock/themes/, which replace a built-in theme of the same name; \
            --list-themes shows them all. Key map: $XDG_CONFIG_HOME/hammock/keys.yaml. A broken theme or key \
            file is reported in the Events pane with its file, line and slot. NO_COLOR disables colour.

            HTTPS and proxies: --cacert trusts a private CA besides the system roots, --insecure turns \
            verification off, --cert/--key present a client certificate; HTTP_PROXY, HTTPS_PROXY, ALL_PROXY \
            and NO_PROXY (or --proxy) choose a proxy.

            hammock needs a terminal: with standard input or output not a terminal, or a TERM that cannot \
            move the cursor (unset, dumb), it says so and exits with status 1.

            Other commands: hammock run PATH… runs saved requests and .http files without the screen, \
            checks their assertions and writes JUnit, JSON or TAP reports (hammock run --help); hammock \
            import openapi|http and hammock export http convert collections; hammock jsonpath EXPRESSION \
            [FILE] queries JSON with RFC 9535 JSONPath and prints each match as written (hammock jsonpath \
            --help).

            KEYS (the default key map; ? in hammock shows the keys in use):
            \(HelpView.commandLineText(.standard))
            """,
        version: version
    )

    @Argument(
        help: """
            The URL to open (the service base URL is its root): http:// or https://, or a bare \
            host[:port][/path] meaning http:// (localhost:8080/users); ws:// or wss:// opens the WebSocket \
            message console. Omit it to browse the built-in demo API.
            """)
    var url: String?

    @Option(
        name: .customLong("header"),
        help: ArgumentHelp("A header sent with every request, as 'Name: value'. Repeatable.", valueName: "K: V"))
    var headers: [String] = []

    @Option(help: "The theme to start with, by name (e.g. nord, dracula, gruvbox; --list-themes shows them all).")
    var theme: String?

    @Flag(help: "Print the themes (built-in, user files, and files that failed to load) and exit.")
    var listThemes = false

    // `.unconditional` so that `--expiration -5` is read as a value (and refused by `validate`),
    // not as an unknown option.
    @Option(parsing: .unconditional, help: "Seconds before loaded data counts as stale (Siesta's expirationTime).")
    var expiration: Double?

    @Option(
        parsing: .unconditional,
        help: "Seconds before a failed load may be retried by loadIfNeeded() (Siesta's retryTime).")
    var retry: Double?

    @Option(
        help: ArgumentHelp(
            "The SQLite file of the persistent entity cache (default: $XDG_CACHE_HOME/hammock/entities.sqlite).",
            valueName: "path"))
    var cache: String?

    @Flag(help: "Do not use the persistent entity cache: every run starts empty.")
    var noCache = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds a pinned resource stays fresh before the watch board refreshes it (its expirationTime).",
            valueName: "seconds"))
    var watchInterval: Double = 5

    @Option(
        name: .customLong("watch"),
        help: ArgumentHelp(
            "Pin this path (or URL) to the watch board at start and show the board. Repeatable.", valueName: "path"))
    var watchPaths: [String] = []

    @Option(
        help: ArgumentHelp(
            "Run only the demo API on 127.0.0.1 at this port (0: any free one), print its URL, and serve until "
                + "interrupted: to try it with other tools, or to watch it from another hammock.",
            valueName: "port"))
    var serveDemo: Int?

    @Option(
        name: .customLong("openapi"),
        help: ArgumentHelp(
            "The API's OpenAPI (3.0, 3.1) or Swagger 2.0 description: a file or URL, JSON or YAML. Without it, "
                + "hammock looks for one (a Link header with rel service-desc or describedby, then /openapi.json and "
                + "the other usual places).",
            valueName: "file-or-url"))
    var openAPI: String?

    @Flag(name: .customLong("no-openapi"), help: "Do not look for an API description.")
    var noOpenAPI = false

    @Option(help: "Folder where Ctrl-P saves SVG screenshots.")
    var svgDirectory: String = "."

    @OptionGroup(title: "TLS and proxies")
    var connection: ConnectionOptions

    @OptionGroup(title: "History, saved requests, environments and cookies")
    var workspace: WorkspaceOptions

    /// The version `User-Agent` and `--version` report.
    static let version = "0.12.0"

    /// The largest `--expiration` or `--retry`: ten years, in seconds.
    static let maximumSeconds: Double = 10 * 365 * 86_400

    func validate() throws {
        guard watchInterval.isFinite, watchInterval >= WatchBoard.minimumInterval,
            watchInterval <= WatchBoard.maximumInterval
        else {
            throw ValidationError(
                "--watch-interval must be between \(WatchBoard.minimumInterval) and \(Int(WatchBoard.maximumInterval)) seconds, got \(watchInterval)"
            )
        }
        for (name, value) in [("--expiration", expiration), ("--retry", retry)] {
            guard let value, !(value >= 0 && value <= Self.maximumSeconds) else { continue }
            let isWhole = value.isFinite && value == value.rounded() && abs(value) < 1e15
            let shown = isWhole ? String(Int(value)) : String(value)
            if value > Self.maximumSeconds {
                throw ValidationError(
                    "\(name) must be at most \(Int(Self.maximumSeconds)) seconds (ten years), got \(shown)")
            }
            throw ValidationError("\(name) must be a number of seconds ≥ 0, got \(shown)")
        }
        if cache != nil && noCache { throw ValidationError("--cache and --no-cache exclude each other.") }
        if let serveDemo, !(0...65535).contains(serveDemo) {
            throw ValidationError("--serve-demo needs a port from 0 to 65535, got \(serveDemo)")
        }
        for header in headers where !header.contains(":") {
            throw ValidationError("--header needs 'Name: value', got '\(header)'.")
        }
        if let url {
            do {
                if try URLInput.webSocketURL(url) == nil { _ = try URLInput.parse(url) }
            } catch {
                throw ValidationError(error.message)
            }
        }
    }

    func run() async throws {
        // A helper process (a clipboard tool) that goes away must never end hammock.
        signal(SIGPIPE, SIG_IGN)
        MemoryRelease.returnLargeBlocksPromptly()
        if listThemes {
            print(ThemeCatalog.load().listing(), terminator: "")
            return
        }
        if let port = serveDemo {
            let server = try await DemoServer.start(port: port)
            FileHandle.standardOutput.write(
                Data("hammock demo API on \(server.baseURL.absoluteString) (Ctrl-C stops it)\n".utf8))
            while true { try await Task.sleep(for: .seconds(3600)) }
        }
        if let problem = TerminalCheck.problem() {
            FileHandle.standardError.write(Data("hammock: \(problem)\n".utf8))
            throw ExitCode.failure
        }
        var demo: DemoServer?
        let target: URL
        var webSocketURL: URL?
        if let url, let webSocket = try URLInput.webSocketURL(url) {
            // The console opens at once; the service is the same host over HTTP.
            webSocketURL = webSocket
            var components = URLComponents(url: webSocket, resolvingAgainstBaseURL: false)
            components?.scheme = webSocket.scheme == "wss" ? "https" : "http"
            target = components?.url ?? webSocket
        } else if let url {
            target = try URLInput.parse(url)
        } else {
            let server = try await DemoServer.start()
            demo = server
            target = server.baseURL
        }
        let parsedHeaders = headers.map { line -> (String, String) in
            let colon = line.firstIndex(of: ":")!
            return (
                line[..<colon].trimmingCharacters(in: .whitespaces),
                line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            )
        }
        let options = BrowserApp.Options(
            url: target, headers: parsedHeaders, theme: theme, expiration: expiration, retry: retry,
            svgDirectory: svgDirectory,
            cachePath: noCache ? nil : (cache ?? XDGPaths.cacheHome() + "/hammock/entities.sqlite"),
            isCachePathExplicit: cache != nil, clientSettings: try connection.clientSettings(),
            collectionFolder: workspace.collectionFolder, environment: workspace.environment,
            historyURL: workspace.historyURL, isHistoryPathExplicit: workspace.history != nil,
            cookieFile: workspace.cookies, watchInterval: watchInterval, watchPaths: watchPaths,
            webSocketURL: webSocketURL, openAPI: openAPI, findsDescription: !noOpenAPI)
        MemoryRelease.trimPeriodically()
        await BrowserApp.run(options)
        // The process ends next, and the kernel closes what is left: never wait long for it.
        await demo?.shutdown(patience: .seconds(1))
    }
}
