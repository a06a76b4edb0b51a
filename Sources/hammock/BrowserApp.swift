import Browser
import Foundation
import HTTPCore
import Siesta
import SiestaSQLite
import TUICore
import Terminal

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
    }

    private let terminal: CursesTerminal
    private let events = TerminalEvents()
    private let browser: ResourceBrowser
    private let options: Options
    private var renderScheduled = false
    private var lastScreen: Screen?
    private var finish: CheckedContinuation<Void, Never>?

    static func run(_ options: Options) async {
        let app = BrowserApp(options)
        await withCheckedContinuation { continuation in
            app.finish = continuation
            app.start()
        }
    }

    private init(_ options: Options) {
        self.options = options
        let environment = ProcessInfo.processInfo.environment
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        terminal = CursesTerminal(useColor: !noColor)

        let base = BrowserApp.serviceBase(for: options.url)
        let recorder = ExchangeRecorder()
        let service = Service(
            baseURL: base.absoluteString, networking: recorder.provider(settings: options.clientSettings))
        let headers = options.headers
        var cacheProblem: String?
        if let path = options.cachePath {
            switch PersistentCacheOpener.open(path: path, isExplicit: options.isCachePathExplicit) {
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

        let configuration = StartupConfiguration.load(theme: options.theme, noColor: noColor, environment: environment)
        var state = BrowserState(
            width: 80, height: 24, serviceBaseURL: base.absoluteString, configuredHeaders: headers,
            themes: configuration.themes, themeIndex: configuration.themeIndex, keyMap: configuration.keyMap)
        state.isInsecure = !options.clientSettings.tls.verifiesCertificates
        browser = ResourceBrowser(service: service, state: state, exchangeRecorder: recorder)
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
        terminal.start()
        let size = terminal.handleResize()
        browser.onChange = { [weak self] in self?.scheduleRender() }
        browser.onEffect = { [weak self] command in self?.perform(command) }
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
        let isRoot = (options.url.path.isEmpty || options.url.path == "/") && options.url.query == nil
        let path = isRoot ? nil : options.url.absoluteString
        browser.start(path: path)
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
        let loading = browser.state.resources.values.contains { $0.isLoading }
        events.setTickInterval(loading ? 0.1 : 1)
    }

    private func scheduleRender() {
        guard !renderScheduled else { return }
        renderScheduled = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated { self?.render() }
        }
    }

    private func render() {
        renderScheduled = false
        guard !browser.state.isQuitting else { return }
        if browser.state.resources.values.contains(where: { $0.isLoading }) { events.setTickInterval(0.1) }
        let screen = BrowserView.render(browser.state)
        terminal.draw(screen)
        lastScreen = screen
    }

    private func perform(_ command: Command) {
        switch command {
        case .copyToClipboard(let text):
            terminal.copyToClipboard(text)
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
        events.stop()
        terminal.stop()
        finish?.resume()
        finish = nil
    }
}
