import Benchmark
import BenchmarkData
import Foundation
import OrderedJSON

/// About 10 MB of JSON shaped like a typical list endpoint, as the bytes a server sends.
let tenMegabytes = ListEndpointJSON.bytes(count: 10_000_000)

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], maxDuration: .seconds(20),
        maxIterations: 30)
    _ = tenMegabytes

    Benchmark("JSONSerialization.jsonObject, 10 MB") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONSerialization.jsonObject(with: tenMegabytes))
        }
    }

    Benchmark("JSONDocument(data:), 10 MB") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONDocument(data: tenMegabytes))
        }
    }

    Benchmark(
        "JSONDocument(data:), 10 MB: bytes allocated for the index",
        configuration: .init(metrics: [.mallocBytesCount, .mallocCountTotal], maxIterations: 5)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONDocument(data: tenMegabytes))
        }
    }

    Benchmark("search a 10 MB document for a string in its last item") { benchmark in
        let document = try JSONDocument(data: tenMegabytes)
        let last = document.child(of: document.root, index: document.childCount(of: document.root) - 1)!
        let name = document.string(document.child(of: last, key: "name")!)!
        let matcher = JSONTextMatcher(name.uppercased())!
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(document.entries(matching: matcher, in: 0..<document.entryCount))
        }
        benchmark.stopMeasurement()
    }

    Benchmark("JSONPath $..id over a 10 MB document (index built)") { benchmark in
        let document = try JSONDocument(data: tenMegabytes)
        let path = try JSONPath("$..id")
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            var count = 0
            path.forEachMatch(in: document) { _ in
                count += 1
                return true
            }
            blackHole(count)
        }
        benchmark.stopMeasurement()
    }

    Benchmark("JSONPath $[?@.active == true].name over a 10 MB document (index built)") { benchmark in
        let document = try JSONDocument(data: tenMegabytes)
        let path = try JSONPath("$[?@.active == true].name")
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(path.select(in: document).count)
        }
        benchmark.stopMeasurement()
    }

    Benchmark("normalized paths of 10,000 matches spread over a 10 MB document") { benchmark in
        let document = try JSONDocument(data: tenMegabytes)
        let matches = try JSONPath("$[*].owner.name").select(in: document).map(\.entry)
        let every = max(1, matches.count / 10_000)
        let chosen = stride(from: 0, to: matches.count, by: every).map { matches[$0] }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(document.normalizedPaths(of: chosen))
        }
        benchmark.stopMeasurement()
    }
}
