import Benchmark
import Browser
import BrowserRuntime
import Foundation
import Siesta
import SiestaSQLite

/// A folder of this run's own, empty: no user themes, no key map.
let emptyConfiguration: [String: String] = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hammock-startup-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return ["XDG_CONFIG_HOME": folder.path]
}()

/// An entity cache file that exists already, as on every launch after the first.
let existingCache: URL = {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("hammock-startup-\(getpid()).sqlite")
    _ = try? SQLiteEntityCache(fileURL: file)
    return file
}()

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5), maxIterations: 200)

    Benchmark("start-up: themes and key map read (six built-in themes, no user files)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(StartupConfiguration.load(theme: nil, noColor: false, environment: emptyConfiguration))
        }
    }

    Benchmark("start-up: the persistent entity cache opened (an existing SQLite file)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try SQLiteEntityCache(fileURL: existingCache))
        }
    }

    Benchmark("start-up: a service over AsyncHTTPClient and the browser on it") { benchmark in
        for _ in benchmark.scaledIterations {
            await MainActor.run {
                let recorder = ExchangeRecorder()
                let service = Service(baseURL: "http://127.0.0.1:9/", networking: recorder.provider())
                let state = BrowserState(width: 150, height: 45, serviceBaseURL: "http://127.0.0.1:9/")
                blackHole(ResourceBrowser(service: service, state: state, exchangeRecorder: recorder))
            }
        }
    }

    Benchmark("start-up: the first frame drawn (150×45, loading)") { benchmark in
        var state = BrowserState(width: 150, height: 45, serviceBaseURL: "http://127.0.0.1:9/")
        _ = state.update(.navigated(url: "http://127.0.0.1:9/items"))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(BrowserView.render(state))
        }
        benchmark.stopMeasurement()
    }
}
