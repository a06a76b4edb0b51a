import ArgumentParser
import Browser
import DemoAPI
import Foundation
import Siesta
import TUICore

/// The `hammock` command: a terminal browser for REST resources as Siesta sees them.
@main
struct Hammock: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hammock",
        abstract: "Browse a REST API in the terminal and watch its resources the way Siesta sees them.",
        discussion: """
            Shows the focused resource's url, latestData, latestError and isLoading, and a live log of \
            ResourceEvents and request hooks. With no URL, hammock starts its demo API on 127.0.0.1 \
            (a free port) and browses it.

            Keys: r load()  l loadIfNeeded()  i invalidate()  w wipe()  c cancel  g go to URL  Enter follow link  \
            b back  f forward  p/u/a POST/PUT/PATCH form  d DELETE  o overrideLocalContent  y copy as curl  \
            Y copy the JSON value as sent  s resources list  / search (Esc stops)  n/N next/previous match  \
            z fold  W wrap long lines  t next theme  Ctrl-P save SVG  ? help  q quit.

            Themes: YAML files in the repository's themes/ folder and $XDG_CONFIG_HOME/hammock/themes/. \
            Key map: $XDG_CONFIG_HOME/hammock/keys.yaml. NO_COLOR disables colour.
            """
    )

    @Argument(help: "The URL to open (the service base URL is its root). Omit it to browse the built-in demo API.")
    var url: String?

    @Option(
        name: .customLong("header"),
        help: ArgumentHelp("A header sent with every request, as 'Name: value'. Repeatable.", valueName: "K: V"))
    var headers: [String] = []

    @Option(help: "The theme to start with (by name, e.g. nord, dracula, gruvbox, solarized-light, high-contrast).")
    var theme: String?

    @Option(help: "Seconds before loaded data counts as stale (Siesta's expirationTime).")
    var expiration: Double?

    @Option(help: "Seconds before a failed load may be retried by loadIfNeeded() (Siesta's retryTime).")
    var retry: Double?

    @Option(
        help: ArgumentHelp(
            "The SQLite file of the persistent entity cache (default: $XDG_CACHE_HOME/hammock/entities.sqlite).",
            valueName: "path"))
    var cache: String?

    @Flag(help: "Do not use the persistent entity cache: every run starts empty.")
    var noCache = false

    @Option(help: "Folder where Ctrl-P saves SVG screenshots.")
    var svgDirectory: String = "."

    func validate() throws {
        if cache != nil && noCache { throw ValidationError("--cache and --no-cache exclude each other.") }
        for header in headers where !header.contains(":") {
            throw ValidationError("--header needs 'Name: value', got '\(header)'.")
        }
        if let url, URL(string: url)?.scheme == nil {
            throw ValidationError("'\(url)' is not an absolute URL (for example http://127.0.0.1:8080/).")
        }
    }

    func run() async throws {
        var demo: DemoServer?
        let target: URL
        if let url, let parsed = URL(string: url) {
            target = parsed
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
            cachePath: noCache ? nil : (cache ?? XDGPaths.cacheHome() + "/hammock/entities.sqlite"))
        await BrowserApp.run(options)
        await demo?.shutdown()
    }
}
