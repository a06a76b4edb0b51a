import Browser
import Foundation
import HTTPCore
import Workspace

/// Runs saved requests for the browser (``Command/startRun(_:generation:)``) off the main actor:
/// reads the request files, runs them with a ``RunEngine`` through a transport of its own (the
/// browser's TLS, proxy, timeouts and default headers, and a cookie jar for the run alone), and
/// reports each step, in order, as `.run(generation:…)` through `dispatch`, the browser's one
/// action queue.
///
/// A request or folder runs with the rest of the collection at hand: a request outside it runs
/// first when one inside needs its values. When one does, `.ranFirst` says which values of it
/// were needed, and by whom. Cancelling stops the requests in flight; the rest do not run.
@MainActor
final class RunController {
    /// Where news goes.
    var dispatch: @MainActor (Action) -> Void = { _ in }
    /// How runs connect; each run gets a cookie jar of its own.
    var settings = HTTPClientSettings()
    /// The runs going on, by generation.
    private var runs: [Int: Task<Void, Never>] = [:]

    /// True while a run goes on.
    var isRunning: Bool { !runs.isEmpty }

    /// Starts running `target` of `collection` as run `generation`; a request whose URL is a
    /// path (`/users`) goes to `serviceBase`, the API being browsed.
    func start(
        _ target: RunTarget, generation: Int, collection: RequestCollection?, options: RunOptions, serviceBase: String
    ) {
        let report: @MainActor (RunUpdate) -> Void = { [weak self] update in
            self?.dispatch(.run(generation: generation, update))
        }
        guard let collection else {
            report(.failed("no collection to run: create ./.hammock/ or start with --collection DIR"))
            return
        }
        var settings = self.settings
        settings.cookieJar = HTTPCookieJar()
        let transport = HTTPTransport(settings: settings)
        runs[generation] = Task { @MainActor [weak self] in
            defer { self?.runs[generation] = nil }
            let loaded = await Task.detached(priority: .userInitiated) { Self.load(target, in: collection) }.value
            let files: [RunFile]
            let others: [RunItem]
            switch loaded {
            case .success(let found):
                files = found.0.map { file in
                    var file = file
                    file.items = file.items.map { Self.resolved($0, against: serviceBase) }
                    return file
                }
                others = found.1.map { Self.resolved($0, against: serviceBase) }
            case .failure(let missing):
                report(.failed(missing.description))
                return
            }
            let rows = files.flatMap(\.items).map { item in
                RunResultRow(key: Self.key(of: item), name: item.name, file: item.file, method: item.definition.method)
            }
            let environment = options.environment.name.isEmpty ? nil : options.environment.name
            report(.planned(rows, problems: files.compactMap(\.problem), environment: environment))
            var attribution = DependencyAttribution(items: files.flatMap(\.items) + others, options: options)
            let (stream, continuation) = AsyncStream.makeStream(of: RunProgress.self)
            let engine = RunEngine(transport: transport, options: options) { continuation.yield($0) }
            async let outcome = Self.run(engine, files: files, others: others, transport: transport, then: continuation)
            for await progress in stream {
                switch progress {
                case .started(let item, let attempt, let asDependency):
                    for note in attribution.started(item) { report(note) }
                    var row = RunResultRow(
                        key: Self.key(of: item), name: item.name, file: item.file, method: item.definition.method)
                    row.ranFirst = asDependency
                    report(.started(row, attempt: attempt))
                case .finished(let result):
                    attribution.finished(result)
                    report(.finished(result))
                case .unreadable:
                    // Said with the plan.
                    break
                }
            }
            let result = await outcome
            report(.ended(result, cancelled: Task.isCancelled))
        }
    }

    /// Cancels run `generation`, if it goes on.
    func cancel(_ generation: Int) {
        runs[generation]?.cancel()
    }

    /// Cancels every run.
    func cancelAll() {
        for run in runs.values { run.cancel() }
    }

    /// `item` with a URL that is a path (`/users`) put under `base`.
    nonisolated static func resolved(_ item: RunItem, against base: String) -> RunItem {
        guard item.definition.url.hasPrefix("/"), !item.definition.url.hasPrefix("//") else { return item }
        var item = item
        item.definition.url = (base.hasSuffix("/") ? String(base.dropLast()) : base) + item.definition.url
        return item
    }

    /// The key rows and results share.
    nonisolated static func key(of item: RunItem) -> String {
        RunResultRow.key(file: item.file, line: item.line, name: item.name)
    }

    /// Runs `files`, then ends the progress stream and lets the transport go.
    private nonisolated static func run(
        _ engine: RunEngine, files: [RunFile], others: [RunItem], transport: HTTPTransport,
        then continuation: AsyncStream<RunProgress>.Continuation
    ) async -> RunResult {
        let result = await engine.run(files, library: others)
        continuation.finish()
        await transport.shutdown()
        return result
    }

    /// The files of `target`, and the rest of the collection's requests (which run only when
    /// one of the files needs them).
    nonisolated static func load(
        _ target: RunTarget, in collection: RequestCollection
    ) -> Result<([RunFile], [RunItem]), RunLoader.Missing> {
        let path: String
        switch target {
        case .collection: path = collection.folder
        case .folder(let id), .request(let id): path = collection.path(of: id)
        }
        do throws(RunLoader.Missing) {
            var files: [RunFile]
            if case .request(let id) = target, let hash = id.lastIndex(of: "#"),
                let number = Int(id[id.index(after: hash)...])
            {
                // One request of a .http file: the file read, that request kept.
                files = try RunLoader.load([collection.path(of: String(id[..<hash]))])
                for index in files.indices where files[index].problem == nil {
                    let items = files[index].items
                    files[index].items = number >= 1 && number <= items.count ? [items[number - 1]] : []
                }
            } else {
                files = try RunLoader.load([path])
            }
            guard target != .collection else { return .success((files, [])) }
            let everything = (try? RunLoader.load([collection.folder])) ?? []
            return .success((files, everything.flatMap(\.items)))
        } catch {
            return .failure(error)
        }
    }
}
