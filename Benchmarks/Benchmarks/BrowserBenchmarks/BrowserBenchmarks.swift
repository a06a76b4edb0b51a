import Benchmark
import Browser
import Foundation

/// About 10 MB of JSON shaped like a typical list endpoint, already parsed as Siesta's JSON
/// transformer would deliver it.
nonisolated(unsafe) let parsedTenMegabytes: (value: Any, byteCount: Int) = {
    var items: [[String: Any]] = []
    var index = 0
    var estimated = 0
    while estimated < 10_000_000 {
        items.append([
            "id": index, "name": "item \(index)", "url": "/items/\(index)", "price": Double(index) * 1.25,
            "active": index % 2 == 0, "tags": ["alpha", "beta", "gamma"],
            "owner": ["id": index % 97, "name": "owner \(index % 97)"],
        ])
        estimated += 150
        index += 1
    }
    let data = try! JSONSerialization.data(withJSONObject: items)
    return (try! JSONSerialization.jsonObject(with: data), data.count)
}()

/// A browser state at 150×45 that has just received `newData` for the 10 MB body.
func stateWithBody() -> BrowserState {
    var state = BrowserState(width: 150, height: 45, serviceBaseURL: "http://bench.invalid/")
    _ = state.update(.navigated(url: "http://bench.invalid/items"))
    let entity = EntitySnapshot(
        contentType: "application/json", byteCount: parsedTenMegabytes.byteCount, etag: nil,
        timestamp: Date().timeIntervalSince1970, headers: [:],
        body: BodyContent.from(content: parsedTenMegabytes.value, contentType: "application/json"))
    let snapshot = ResourceSnapshot(url: "http://bench.invalid/items", latestData: entity, isUpToDate: true)
    _ = state.update(.resourceChanged(snapshot, event: "newData(network)"))
    return state
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(10), maxIterations: 200)
    _ = parsedTenMegabytes

    Benchmark("newData on a 10 MB JSON to the first frame (150×45)") { benchmark in
        for _ in benchmark.scaledIterations {
            let state = stateWithBody()
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
