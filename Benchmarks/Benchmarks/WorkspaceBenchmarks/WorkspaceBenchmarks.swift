import Benchmark
import BenchmarkData
import Foundation
import OrderedJSON
import Workspace

/// About 10 MB of JSON shaped like a typical list endpoint (an array of objects with an `id`).
let tenMegabytes = ListEndpointJSON.bytes(count: 10_000_000)

/// The same list with one value changed: the last item's price.
let oneValueChanged: Data = {
    var bytes = [UInt8](tenMegabytes)
    let marker = Array(".25,".utf8)
    var index = bytes.count - marker.count
    while index > 0, Array(bytes[index..<(index + marker.count)]) != marker { index -= 1 }
    bytes[index + 2] = UInt8(ascii: "6")
    return Data(bytes)
}()

/// The same list with one object inserted at the front (matched by `id`, it is one change).
let oneItemInserted: Data = {
    let item =
        #"{"id":-1,"name":"new","url":"/items/new","price":1.5,"active":true,"tags":[],"owner":{"id":0,"name":"x"}},"#
    return Data("[".utf8) + Data(item.utf8) + tenMegabytes.dropFirst()
}()

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], maxDuration: .seconds(20),
        maxIterations: 20)
    _ = (oneValueChanged, oneItemInserted)

    Benchmark("JSONDiff.compare, 10 MB, one value changed") { benchmark in
        let old = try JSONDocument(data: tenMegabytes)
        let new = try JSONDocument(data: oneValueChanged)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let diff = JSONDiff.compare(old, new)
            precondition(diff.changedCount == 1)
            blackHole(diff)
        }
        benchmark.stopMeasurement()
    }

    Benchmark("JSONDiff.compare, 10 MB, one item inserted at the front (matched by id)") { benchmark in
        let old = try JSONDocument(data: tenMegabytes)
        let new = try JSONDocument(data: oneItemInserted)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let diff = JSONDiff.compare(old, new)
            precondition(diff.addedCount == 1 && diff.totalCount == 1)
            blackHole(diff)
        }
        benchmark.stopMeasurement()
    }

    Benchmark("LineDiff.compare, 10 MB pretty-printed, one line changed") { benchmark in
        let old = try JSONDocument(data: tenMegabytes).prettyPrinted(limit: .max) ?? ""
        let new = try JSONDocument(data: oneValueChanged).prettyPrinted(limit: .max) ?? ""
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(LineDiff.compare(old: old, new: new))
        }
        benchmark.stopMeasurement()
    }

    Benchmark(
        "HistoryStore.record, one exchange with a 10 kB body",
        configuration: .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 500)
    ) { benchmark in
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await HistoryStore(fileURL: folder.appendingPathComponent("history.sqlite"))
        let body = Data(tenMegabytes.prefix(10_000))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(
                try await store.record(
                    Exchange(
                        method: "GET", url: "http://127.0.0.1/items", statusCode: 200, reasonPhrase: "OK",
                        responseHeaders: [HeaderField(name: "Content-Type", value: "application/json")], body: body)))
        }
        benchmark.stopMeasurement()
        await store.close()
    }

    Benchmark(
        "HistoryStore.entries, the newest 1000 of 2000",
        configuration: .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 20)
    ) { benchmark in
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await HistoryStore(fileURL: folder.appendingPathComponent("history.sqlite"))
        for index in 0..<2000 {
            try await store.record(
                Exchange(
                    method: "GET", url: "http://127.0.0.1/items/\(index)", statusCode: 200, body: Data("{}".utf8)))
        }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try await store.entries(limit: 1000))
        }
        benchmark.stopMeasurement()
        await store.close()
    }

    Benchmark(
        "APIDescription.parse, 10 MB OpenAPI 3.1 JSON (paths, parameters, bodies, $refs)",
        configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(20), maxIterations: 10)
    ) { benchmark in
        let data = DescriptionJSON.bytes(count: 10_000_000)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let description = try APIDescription.parse(data, sourceURL: nil) { _ in throw CocoaError(.fileNoSuchFile) }
            precondition(description.operations.count > 1000)
            blackHole(description)
        }
        benchmark.stopMeasurement()
    }

    Benchmark(
        "JSONSchemaValidator.validate, 100 MB list against its item schema",
        configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(30), maxIterations: 5)
    ) { benchmark in
        let body = try JSONDocument(data: ListEndpointJSON.bytes(count: 100_000_000))
        let schema = try JSONDocument(#"{"type":"array","items":"# + DescriptionJSON.listItemSchema + "}")
        let validator = try JSONSchemaValidator(document: schema, dialect: .draft2020_12)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let result = validator.validate(body)
            precondition(result.isValid, "\(result.violations.prefix(3))")
            blackHole(result)
        }
        benchmark.stopMeasurement()
    }
}
