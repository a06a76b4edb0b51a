import Benchmark
import BenchmarkData
import Foundation
import OrderedJSON

/// About 10 MB of JSON shaped like a typical list endpoint, as the bytes a server sends.
let tenMegabytes = ListEndpointJSON.bytes(count: 10_000_000)
/// The same shape, about 100 MB (made on first use).
let hundredMegabytes = ListEndpointJSON.bytes(count: 100_000_000)

/// Indexes `body` the way a response arrives: in 64 KiB chunks, its size known in advance.
func indexInChunks(_ body: Data) throws -> JSONDocument {
    let indexer = JSONStreamIndexer(expectedCount: body.count)
    var offset = body.startIndex
    while offset < body.endIndex {
        let end = min(body.endIndex, offset + 65_536)
        try indexer.append(body[offset..<end])
        offset = end
    }
    return try indexer.finish()
}

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

    Benchmark("JSONStreamIndexer, 10 MB in 64 KiB chunks") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try indexInChunks(tenMegabytes))
        }
    }

    Benchmark(
        "JSONDocument(data:), 100 MB", configuration: .init(maxDuration: .seconds(30), maxIterations: 15)
    ) { benchmark in
        _ = hundredMegabytes
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try JSONDocument(data: hundredMegabytes))
        }
        benchmark.stopMeasurement()
    }

    Benchmark(
        "JSONStreamIndexer, 100 MB in 64 KiB chunks", configuration: .init(maxDuration: .seconds(30), maxIterations: 15)
    ) { benchmark in
        _ = hundredMegabytes
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try indexInChunks(hundredMegabytes))
        }
        benchmark.stopMeasurement()
    }

    Benchmark(
        "100 MB body indexed in 64 KiB chunks: index size and resident memory",
        configuration: .init(
            metrics: [
                .custom("index bytes per 100 entries", useScalingFactor: false),
                .custom("body (MB)", useScalingFactor: false),
                .custom("resident with the document (MB)", useScalingFactor: false),
            ], maxIterations: 1)
    ) { benchmark in
        // The body arrives in 64 KiB chunks of unknown total size and is never whole anywhere
        // else: the document holds the only copy.
        let indexer = JSONStreamIndexer()
        var chunk = "["
        var index = 0
        while indexer.byteCount + chunk.utf8.count < 100_000_000 {
            chunk += (index > 0 ? "," : "") + ListEndpointJSON.item(index)
            index += 1
            if chunk.utf8.count >= 65_536 {
                try indexer.append(Data(chunk.utf8))
                chunk = ""
            }
        }
        try indexer.append(Data((chunk + "]").utf8))
        let document = try indexer.finish()
        benchmark.measurement(
            .custom("index bytes per 100 entries"), 100 * document.indexByteCount / document.entryCount)
        benchmark.measurement(.custom("body (MB)"), document.data.count / 1_000_000)
        benchmark.measurement(.custom("resident with the document (MB)"), ResidentMemory.bytes() / 1_000_000)
        blackHole(document)
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
