import Browser
import BrowserRuntime
import Foundation
import HTTPCore
import Siesta
import SiestaSQLite
import TUICore
import Terminal
import Workspace

/// Wires the terminal, the event sources and the resource browser together and runs until quit.
@MainActor
final class BrowserApp {
    /// What the command line asked for.
    struct Options {
        var url: URL
        var headers: [(String, String)]
        var theme: String?
        var expiration: Double?
        var retry: Double?
        var svgDirectory: String
        var cachePath: String?
        /// True when `cachePath` came from `--cache` rather than the default location.
        var isCachePathExplicit = false
        var clientSettings = HTTPClientSettings()
        /// The folder of saved requests, if any.
        var collectionFolder: String?
        /// The environment to start with.
        var environment: String?
        /// The history file, if history is kept.
        var historyURL: URL?
        /// True when `historyURL` came from `--history`.
        var isHistoryPathExplicit = false
        /// The file the cookie jar is kept in across runs, if any.
        var cookieFile: String?
        /// Seconds a pinned resource stays fresh.
        var watchInterval: Double = 5
        /// Paths pinned at start.
        var watchPaths: [String] = []
        /// The `ws://` or `wss://` URL whose console opens at start, if any.
        var webSocketURL: URL?
        /// The API description named by `--openapi` (a file path or URL), if any.
        var openAPI: String?
        /// False with `--no-openapi`: no description is looked for.
        var findsDescription = true
    }

    private let terminal: CursesTerminal
    private let events = TerminalEvents()
    private let browser: ResourceBrowser
    private let options: Options
    private let cookieJar: HTTPCookieJar
    /// True when the cookie file could not be read: it is then never written over.
    private var cookieFileIsUnreadable = false
    /// When frames are drawn: at once for keys and awaited news, coalesced in a storm.
    private var pacer = FramePacer()
    /// Tells a scheduled frame from one replaced by an earlier.
    private var renderToken = 0
    private var lastScreen: Screen?
    private var finish: CheckedContinuation<Void, Never>?

    /// Starts the browser and returns when it quits.
    ///
    /// Start-up is ordered so the first request leaves as early as it can: the persistent cache
    /// (which the first load reads before going to the network) opens on another thread while
    /// the themes and key map are read here; the request goes out before the terminal is set up
    /// and the first frame drawn.
    static func run(_ options: Options) async {
        let isExplicit = options.isCachePathExplicit
        let cacheOpening = options.cachePath.map { path in
            Task.detached(priority: .userInitiated) { PersistentCacheOpener.open(path: path, isExplicit: isExplicit) }
        }
        let environment = ProcessInfo.processInfo.environment
        let configuration = StartupConfiguration.load(
            theme: options.theme, noColor: Self.isNoColor(environment), environment: environment)
        let cache = await cacheOpening?.value
        let app = BrowserApp(options, configuration: configuration, cache: cache)
        await withCheckedContinuation { continuation in
            app.finish = continuation
            app.start()
        }
        await app.descriptionTransport?.shutdown()
    }

    /// The transport the API description is fetched through (recording nothing), if one is looked for.
    private var descriptionTransport: HTTPTransport?

    /// True when `NO_COLOR` is set to anything.
    private static func isNoColor(_ environment: [String: String]) -> Bool {
        !(environment["NO_COLOR"] ?? "").isEmpty
    }

    private init(
        _ options: Options, configuration: StartupConfiguration,
        cache: Result<SQLiteEntityCache, PersistentCacheOpener.Failure>?
    ) {
        self.options = options
        let environment = ProcessInfo.processInfo.environment
        terminal = CursesTerminal(useColor: !Self.isNoColor(environment))

        let base = BrowserApp.serviceBase(for: options.url)
        let recorder = ExchangeRecorder()
        var settings = options.clientSettings
        // A browser's manners: it says who it is and prefers JSON; --header and forms override both.
        settings.defaultHeaders = HTTPDefaultHeaders([
            ("User-Agent", "hammock/\(Hammock.version)"), ("Accept", "application/json, */*;q=0.5"),
        ])
        let jar = HTTPCookieJar()
        var cookieNote: String?
        if let file = options.cookieFile, FileManager.default.fileExists(atPath: file) {
            do {
                _ = try jar.load(from: file)
            } catch {
                cookieNote =
                    "cookies from \(file) not loaded: \(error); the jar starts empty and the file is left as it is"
                cookieFileIsUnreadable = true
            }
        }
        settings.cookieJar = jar
        cookieJar = jar
        let service = Service(baseURL: base.absoluteString, networking: recorder.provider(settings: settings))
        let headers = options.headers
        var cacheProblem: String?
        if let cache {
            switch cache {
            case .success(let cache):
                service.configure { $0.pipeline[.rawData].cacheUsing(cache) }
                // A damaged database was moved aside and replaced: never silently.
                cacheProblem = cache.recoveryNote
            case .failure(let failure):
                cacheProblem = "persistent cache off: \(failure); continuing without it"
            }
        }
        service.configure {
            if let expiration = options.expiration { $0.expirationTime = expiration }
            if let retry = options.retry { $0.retryTime = retry }
            for (name, value) in headers { $0.headers[name] = value }
        }

        var state = BrowserState(
            width: 80, height: 24, serviceBaseURL: base.absoluteString, configuredHeaders: headers,
            themes: configuration.themes, themeIndex: configuration.themeIndex, keyMap: configuration.keyMap)
        state.isInsecure = !options.clientSettings.tls.verifiesCertificates
        // Copy as curl gives the request as sent, these headers included.
        state.defaultHeaders = settings.addedHeaders.map { ($0.name, $0.value) }
        state.watch.defaultInterval = WatchBoard.clamp(options.watchInterval)
        let workspace = WorkspaceSession(
            collection: options.collectionFolder.map { RequestCollection(folder: $0) }, cookieJar: jar,
            processEnvironment: environment)
        browser = ResourceBrowser(service: service, state: state, exchangeRecorder: recorder, workspace: workspace)
        if case .success(let cache)? = cache {
            // A deleted resource must not come back from the disk: its entry goes before the
            // wipe that follows the DELETE reads the cache (the cache's queue keeps the order).
            browser.forgetCachedEntity = { resource in
                guard let key = cache.key(for: resource) else { return }
                cache.workQueue.async { try? cache.removeEntity(forKey: key) }
            }
        }
        browser.version = Hammock.version
        // Runs of saved requests connect as the browser does, with a cookie jar of their own.
        var runSettings = settings
        runSettings.cookieJar = nil
        browser.runSettings = runSettings
        browser.webSocketSettings = WebSocketSettings(
            headers: options.headers.map { (name: $0.0, value: $0.1) }, tls: options.clientSettings.tls)
        if let historyURL = options.historyURL {
            workspace.openHistory(at: historyURL, isExplicit: options.isHistoryPathExplicit)
        }
        if options.findsDescription || options.openAPI != nil {
            var quiet = settings
            quiet.cookieJar = nil
            let transport = HTTPTransport(settings: quiet)
            descriptionTransport = transport
            browser.findDescription(transport: transport, explicit: options.openAPI, startURL: options.url)
        }
        if let name = options.environment { workspace.selectEnvironment(name) }
        if let cookieNote { browser.dispatch(.note(cookieNote, isError: true)) }
        for note in configuration.notes { browser.dispatch(.note(note, isError: true)) }
        if let cacheProblem { browser.dispatch(.note(cacheProblem, isError: true)) }
    }

    /// The service root for a URL: scheme, host and port with path `/`.
    static func serviceBase(for url: URL) -> URL {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.path = "/"
        components.query = nil
        components.fragment = nil
        return components.url ?? url
    }

    private func start() {
        browser.onChange = { [weak self] reason in self?.scheduleRender(reason) }
        browser.onEffect = { [weak self] command in self?.perform(command) }
        // The first request leaves before the terminal is set up: nothing on the way to it
        // waits for curses.
        if let webSocketURL = options.webSocketURL {
            browser.dispatch(.openWebSocket(url: webSocketURL.absoluteString))
        } else {
            let isRoot = (options.url.path.isEmpty || options.url.path == "/") && options.url.query == nil
            let path = isRoot ? nil : options.url.absoluteString
            browser.start(path: path)
        }
        terminal.start()
        let size = terminal.handleResize()
        browser.dispatch(.resize(width: size.width, height: size.height))
        events.onInput = { [weak self] in self?.readInput() }
        events.onResize = { [weak self] in
            guard let self else { return }
            let size = self.terminal.handleResize()
            self.browser.dispatch(.resize(width: size.width, height: size.height))
        }
        events.onTick = { [weak self] in self?.tick() }
        events.onEndOfInput = { [weak self] in self?.quit() }
        events.start()
        events.setTickInterval(1)
        for path in options.watchPaths { browser.dispatch(.pin(path: path)) }
    }

    private func readInput() {
        for input in terminal.readInput() {
            switch input {
            case .key(let key): browser.dispatch(.key(key))
            case .paste(let text): browser.dispatch(.paste(text))
            }
            if browser.state.isQuitting { return }
        }
    }

    private func tick() {
        browser.dispatch(.tick(now: Date().timeIntervalSince1970))
        let loading =
            browser.state.resources.values.contains { $0.isLoading }
            || browser.state.layer(RunResults.self)?.isRunning == true
        events.setTickInterval(loading ? 0.1 : 1)
    }

    /// Plans a frame: keys and news the user waits for are drawn at once, other news at once
    /// while frames are rare and at most ten a second in a storm (``FramePacer``).
    private func scheduleRender(_ reason: FramePacer.Reason = .prompt) {
        guard let due = pacer.request(reason, at: ProcessInfo.processInfo.systemUptime) else { return }
        renderToken &+= 1
        let token = renderToken
        let draw: @Sendable () -> Void = { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.renderToken == token else { return }
                self.render()
            }
        }
        let delay = due - ProcessInfo.processInfo.systemUptime
        // Due now: drawn after the work already queued on this turn, which it then includes.
        if delay <= 0 {
            DispatchQueue.main.async(execute: draw)
        } else {
            DispatchQueue.main.asyncAfter(deadline: .now() + delay, execute: draw)
        }
    }

    private func render() {
        pacer.drew(at: ProcessInfo.processInfo.systemUptime)
        guard !browser.state.isQuitting else { return }
        if browser.state.resources.values.contains(where: { $0.isLoading }) { events.setTickInterval(0.1) }
        let screen = browser.renderFrame()
        terminal.draw(screen)
        lastScreen = screen
    }

    private func perform(_ command: Command) {
        switch command {
        case .copyToClipboard(let text):
            // A desktop clipboard tool answers; OSC 52 does not, so that is said honestly. The
            // tool runs off the main actor: the screen keeps taking keys meanwhile.
            Task { @MainActor [weak self] in
                let tool = await Task.detached { SystemClipboard.copy(text) }.value
                guard let self else { return }
                if let tool {
                    browser.dispatch(.note("copied \(Format.bytes(text.utf8.count)) with \(tool)", isError: false))
                } else {
                    terminal.copyToClipboard(text)
                    browser.dispatch(
                        .note(
                            "sent \(Format.bytes(text.utf8.count)) to the terminal's clipboard (OSC 52); terminals "
                                + "that do not take it say nothing: select the text by hand if paste gives nothing",
                            isError: false))
                }
            }
        case .exportSVG:
            exportSVG()
        case .redraw:
            terminal.invalidate()
            scheduleRender()
        case .quit:
            quit()
        default:
            break
        }
    }

    private func exportSVG() {
        let screen = lastScreen ?? BrowserView.render(browser.state)
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let path = options.svgDirectory + "/hammock-\(formatter.string(from: Date())).svg"
        do {
            try SVGExporter.svg(screen).write(toFile: path, atomically: true, encoding: .utf8)
            browser.dispatch(.note("saved \(path)", isError: false))
        } catch {
            browser.dispatch(.note("could not save \(path): \(error.localizedDescription)", isError: true))
        }
    }

    private func quit() {
        if let file = options.cookieFile, !cookieFileIsUnreadable {
            do {
                try cookieJar.save(to: file)
            } catch {
                FileHandle.standardError.write(Data("hammock: cookies not saved to \(file): \(error)\n".utf8))
            }
        }
        events.stop()
        terminal.stop()
        finish?.resume()
        finish = nil
    }
}
