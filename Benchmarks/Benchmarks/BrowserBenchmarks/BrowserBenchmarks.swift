import Benchmark
import BenchmarkData
import Browser
import Foundation
import OrderedJSON
import Siesta

/// About 10 MB of JSON shaped like a typical list endpoint, as the bytes a server sends.
let tenMegabytes = ListEndpointJSON.bytes(count: 10_000_000)

/// The same body indexed once, as the browser's transformer delivers it off the main actor.
let tenMegabyteDocument = try! JSONDocument(data: tenMegabytes)

/// A browser state at 150×45 that has just received `newData` for the 10 MB body: the bytes
/// (indexed here), or the document already indexed.
func stateWithBody(indexed: Bool = true) -> BrowserState {
    var state = BrowserState(width: 150, height: 45, serviceBaseURL: "http://bench.invalid/")
    _ = state.update(.navigated(url: "http://bench.invalid/items"))
    let entity = EntitySnapshot(
        contentType: "application/json", byteCount: tenMegabytes.count, etag: nil,
        timestamp: Date().timeIntervalSince1970, headers: [:],
        body: BodyContent.from(
            content: indexed ? tenMegabyteDocument as Any : tenMegabytes as Any, contentType: "application/json"))
    let snapshot = ResourceSnapshot(url: "http://bench.invalid/items", latestData: entity, isUpToDate: true)
    _ = state.update(.resourceChanged(snapshot, event: .newData(.network)))
    return state
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(10), maxIterations: 200)
    _ = tenMegabyteDocument

    Benchmark("newData on a 10 MB JSON to the first frame (150×45)") { benchmark in
        for _ in benchmark.scaledIterations {
            let state = stateWithBody()
            blackHole(BrowserView.render(state))
        }
    }

    Benchmark("10 MB of JSON bytes indexed and drawn: the first frame (150×45)") { benchmark in
        for _ in benchmark.scaledIterations {
            let state = stateWithBody(indexed: false)
            blackHole(BrowserView.render(state))
        }
    }

    Benchmark("one scroll frame (page down) in a 10 MB JSON body") { benchmark in
        var state = stateWithBody()
        blackHole(BrowserView.render(state))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            _ = state.update(.key(.pageDown))
            blackHole(BrowserView.render(state))
        }
        benchmark.stopMeasurement()
    }

    Benchmark(
        "browser memory for a 10 MB JSON body: bytes allocated to show it and page through 200 screens",
        configuration: .init(metrics: [.mallocBytesCount, .mallocCountTotal], maxIterations: 5)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            var state = stateWithBody()
            blackHole(BrowserView.render(state))
            for _ in 0..<200 { _ = state.update(.key(.pageDown)) }
            blackHole(BrowserView.render(state))
            blackHole(state)
        }
    }
}
