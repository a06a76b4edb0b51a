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

/// The 10 MB list with one value changed (the last item's price), as the next version a watched
/// resource receives.
let nextVersion: JSONDocument = {
    var bytes = [UInt8](tenMegabytes)
    let marker = Array(".25,".utf8)
    var index = bytes.count - marker.count
    while index > 0, Array(bytes[index..<(index + marker.count)]) != marker { index -= 1 }
    bytes[index + 2] = UInt8(ascii: "6")
    return try! JSONDocument(data: Data(bytes))
}()

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(10), maxIterations: 200)
    _ = tenMegabyteDocument

    Benchmark("what changed: two 10 MB JSON versions, one value apart (ChangeDetector, off main)") { benchmark in
        let old = ChangeDetector.Version.json(tenMegabyteDocument)
        let new = ChangeDetector.Version.json(nextVersion)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let change = ChangeDetector.compare(old, new)
            precondition(change.changed == 1 && change.highlightedEntries.count == 1)
            blackHole(change)
        }
        benchmark.stopMeasurement()
    }

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
