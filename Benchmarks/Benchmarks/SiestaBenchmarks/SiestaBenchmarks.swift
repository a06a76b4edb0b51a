import AsyncHTTPClient
import Benchmark
import BenchmarkData
import Foundation
import Siesta

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that answers every request at once with the same JSON body, so the benchmark
/// measures Siesta's pipeline and bookkeeping rather than sockets.
struct FixedResponseProvider: NetworkingProvider {
    let body: Data

    func startRequest(
        _ request: URLRequest,
        completion: @escaping RequestNetworkingCompletionCallback
    ) -> any RequestNetworking {
        let response = HTTPURLResponse(
            url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "application/json", "Content-Length": "\(body.count)"])
        completion(response, body, nil)
        return FinishedTransfer()
    }
}

/// The handle of a transfer that has already finished.
struct FinishedTransfer: RequestNetworking {
    func cancel() {}
    var transferMetrics: RequestTransferMetrics { RequestTransferMetrics() }
}

/// About 10 MB of JSON shaped like a typical list endpoint.
let tenMegabytesOfJSON: Data = {
    var items: [[String: Any]] = []
    var index = 0
    var estimated = 0
    while estimated < 10_000_000 {
        let item: [String: Any] = [
            "id": index, "name": "item \(index)", "url": "/items/\(index)", "price": Double(index) * 1.25,
            "active": index % 2 == 0, "tags": ["alpha", "beta", "gamma"],
            "owner": ["id": index % 97, "name": "owner \(index % 97)"],
        ]
        items.append(item)
        estimated += 150
        index += 1
    }
    return try! JSONSerialization.data(withJSONObject: items)
}()

/// Loads a resource whose response is the 10 MB body and waits for `newData`.
@MainActor
func loadThroughPipeline(_ service: Service, path: String) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        service.resource(path).load().onCompletion { _ in continuation.resume() }
    }
}

/// Loads each resource once and waits until every load has completed, checking that each
/// answered 200 with new data.
@MainActor
func loadAll(_ resources: [Resource]) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        var remaining = resources.count
        for resource in resources {
            resource.load().onCompletion { info in
                precondition(info.isNew, "expected a full 200 from the server: \(info.response)")
                remaining -= 1
                if remaining == 0 { continuation.resume() }
            }
        }
    }
}

/// Loads the resource for `url` `times` times, one after another.
@MainActor
func loadSerially(_ service: Service, _ url: URL, times: Int) async {
    for _ in 0..<times {
        await loadAll([service.resource(absoluteURL: url)])
    }
}

/// Loads the resource for `url` `times` times, one after another, each load started from the
/// completion hook of the one before, as main-actor code that reacts to Siesta's callbacks does:
/// the benchmark's task waits once for all of them, so no load pays for resuming a continuation
/// (which goes through the global executor before it gets back to the main actor).
@MainActor
func loadChained(_ service: Service, _ url: URL, times: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resource = service.resource(absoluteURL: url)
        var remaining = times
        @MainActor func next() {
            resource.load().onCompletion { info in
                precondition(info.isNew, "expected a full 200 from the server: \(info.response)")
                remaining -= 1
                if remaining == 0 {
                    continuation.resume()
                } else {
                    next()
                }
            }
        }
        next()
    }
}

/// Fetches a URL with AsyncHTTPClient and collects the body, as an app using it directly would.
func fetchRaw(_ client: HTTPClient, _ url: URL) async throws {
    let response = try await client.execute(HTTPClientRequest(url: url.absoluteString), timeout: .seconds(30))
    precondition(response.status == .ok)
    blackHole(try await response.body.collect(upTo: 1 << 20))
}

/// Fetches every URL of `urls` with AsyncHTTPClient at once and waits for all of them.
func fetchAllRaw(_ client: HTTPClient, _ urls: [URL]) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        for url in urls {
            group.addTask { try await fetchRaw(client, url) }
        }
        try await group.waitForAll()
    }
}

/// Fetches a URL with AsyncHTTPClient, collects the body and parses it with `JSONSerialization`,
/// the parser Siesta's JSON transformer uses: the same work a Siesta `load()` of JSON does.
func fetchRawAndParse(_ client: HTTPClient, _ url: URL) async throws {
    let response = try await client.execute(HTTPClientRequest(url: url.absoluteString), timeout: .seconds(30))
    precondition(response.status == .ok)
    let body = try await response.body.collect(upTo: 1 << 20)
    blackHole(try JSONSerialization.jsonObject(with: Data(body.readableBytesView), options: [.fragmentsAllowed]))
}

/// Fetches a URL with AsyncHTTPClient from the main actor, as main-actor code that awaits it
/// directly does: each response comes back to the main actor, as Siesta's do.
@MainActor
func fetchRawOnMainActor(_ client: HTTPClient, _ url: URL) async throws {
    try await fetchRaw(client, url)
}

/// Fetches a URL `times` times, one after another, from main-actor code that awaits each.
@MainActor
func fetchRawOnMainActor(_ client: HTTPClient, _ url: URL, times: Int) async throws {
    for _ in 0..<times {
        try await fetchRaw(client, url)
    }
}

/// Fetches a URL with Foundation's URLSession.
func fetchWithURLSession(_ session: URLSession, _ url: URL) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        session.dataTask(with: url) { data, response, _ in
            precondition((response as? HTTPURLResponse)?.statusCode == 200)
            blackHole(data)
            continuation.resume()
        }.resume()
    }
}

/// The loopback server the network benchmarks share, started on first use.
let sharedLoopbackServer = Task { try await LoopbackServer.start() }

/// Loads per iteration of the serial network benchmarks.
let serialLoads = 200

/// Registers a benchmark of ``serialLoads`` requests for the loopback server's small JSON, one
/// after another, each made by `fetch` with a raw AsyncHTTPClient of `clientConfiguration`.
func rawSerialBenchmark(
    _ name: String, configuration: Benchmark.Configuration,
    client clientConfiguration: HTTPClient.Configuration = HTTPClient.Configuration(),
    fetch: @escaping @Sendable (HTTPClient, URL) async throws -> Void
) {
    Benchmark(name, configuration: configuration) { benchmark in
        let server = try await sharedLoopbackServer.value
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: clientConfiguration)
        for _ in benchmark.scaledIterations {
            for _ in 0..<serialLoads {
                try await fetch(client, server.smallJSONURL)
            }
        }
        try await client.shutdown()
    }
}

/// Concurrent resources per round of the concurrent network benchmarks.
let concurrentLoads = 64

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        maxDuration: .seconds(20), maxIterations: 30)

    Benchmark("JSONSerialization alone, 10 MB") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONSerialization.jsonObject(with: tenMegabytesOfJSON))
        }
    }

    observerBenchmarks()
    networkBenchmarks()
    pairBenchmarks()

    Benchmark("Siesta load() through the pipeline, 10 MB JSON") { benchmark in
        let service = await MainActor.run {
            Service(baseURL: "http://bench.invalid/", networking: FixedResponseProvider(body: tenMegabytesOfJSON))
        }
        for _ in benchmark.scaledIterations {
            await loadThroughPipeline(service, path: "/items")
        }
    }

    let lookupConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], scalingFactor: .kilo, maxDuration: .seconds(5),
        maxIterations: 1000)

    Benchmark("Service.resource(path) existing", configuration: lookupConfiguration) { benchmark in
        let iterations = benchmark.scaledIterations
        let service = await MainActor.run { Service(baseURL: "http://bench.invalid/api/v1") }
        let held = await MainActor.run { service.resource("/items/42") }
        benchmark.startMeasurement()
        await MainActor.run {
            for _ in iterations {
                blackHole(service.resource("/items/42"))
            }
        }
        benchmark.stopMeasurement()
        blackHole(held)
    }

    Benchmark("Service.resource(absoluteURL:) existing", configuration: lookupConfiguration) { benchmark in
        let iterations = benchmark.scaledIterations
        let service = await MainActor.run { Service(baseURL: "http://bench.invalid/api/v1") }
        let held = await MainActor.run {
            service.resource(absoluteURL: "http://bench.invalid/api/v1/items/42?expand=owner")
        }
        benchmark.startMeasurement()
        await MainActor.run {
            for _ in iterations {
                blackHole(service.resource(absoluteURL: "http://bench.invalid/api/v1/items/42?expand=owner"))
            }
        }
        benchmark.stopMeasurement()
        blackHole(held)
    }

    resourceTableBenchmarks()
}

/// Paths of the 1,000 resources that the distinct-lookup benchmark asks for in turn.
let distinctPaths = (0..<1_000).map { "/items/\($0)" }

/// Lookups among many resources, and the memory of a million of them before and after a flush.
func resourceTableBenchmarks() {
    let perLookup = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], scalingFactor: .kilo, maxDuration: .seconds(5),
        maxIterations: 1000)

    // One iteration asks for each of the 1,000 paths once, in order; with the kilo scaling
    // factor the figures are per lookup. The resources are held by the benchmark, as views hold
    // the resources they show, so each lookup finds an existing instance.
    Benchmark("Service.resource(path) over 1,000 distinct existing paths", configuration: perLookup) { benchmark in
        let iterations = benchmark.scaledIterations
        precondition(iterations.count == distinctPaths.count)
        let (service, held) = await MainActor.run {
            let service = Service(baseURL: "http://bench.invalid/api/v1")
            return (service, distinctPaths.map { service.resource($0) })
        }
        benchmark.startMeasurement()
        await MainActor.run {
            for index in iterations {
                blackHole(service.resource(distinctPaths[index]))
            }
        }
        benchmark.stopMeasurement()
        blackHole(held)
    }

    let million = Benchmark.Configuration(
        metrics: [
            .wallClock, .peakMemoryResident, .custom("RSS before (MB)", useScalingFactor: false),
            .custom("RSS with 1,000,000 resources (MB)", useScalingFactor: false),
            .custom("RSS right after flush (MB)", useScalingFactor: false),
            .custom("RSS 1 s after flush (MB)", useScalingFactor: false),
            .custom("anonymous RSS before (MB)", useScalingFactor: false),
            .custom("anonymous RSS 1 s after flush (MB)", useScalingFactor: false),
        ],
        warmupIterations: 0, maxDuration: .seconds(60), maxIterations: 3)

    // The count limit is raised so that the table really holds all million resources; the
    // flush then releases them all, and the library hands the freed memory back shortly after.
    // Peak RSS is the framework's; the custom metrics are read from /proc/self/status at each
    // step (anonymous memory leaves out the pages of the binary and libraries that the run
    // touched).
    Benchmark("Service.resource(path) 1,000,000 resources, then flushUnusedResources()", configuration: million) {
        benchmark in
        let before = ResidentMemory.megabytes()
        let anonymousBefore = ResidentMemory.anonymousMegabytes()
        let full = await MainActor.run {
            let service = Service(baseURL: "http://bench.invalid/api/v1")
            service.cachedResourceCountLimit = 2_000_000
            for index in 0..<1_000_000 {
                blackHole(service.resource("/item/\(index)"))
            }
            precondition(service.cachedResources.count == 1_000_000)
            let full = ResidentMemory.megabytes()
            service.flushUnusedResources()
            precondition(service.cachedResources.isEmpty)
            return full
        }
        benchmark.measurement(.custom("RSS before (MB)"), before)
        benchmark.measurement(.custom("RSS with 1,000,000 resources (MB)"), full)
        benchmark.measurement(.custom("RSS right after flush (MB)"), ResidentMemory.megabytes())
        try? await Task.sleep(for: .seconds(1))
        benchmark.measurement(.custom("RSS 1 s after flush (MB)"), ResidentMemory.megabytes())
        benchmark.measurement(.custom("anonymous RSS before (MB)"), anonymousBefore)
        benchmark.measurement(.custom("anonymous RSS 1 s after flush (MB)"), ResidentMemory.anonymousMegabytes())
    }
}

/// A service whose requests never leave the process.
@MainActor
func offlineService(baseURL: String = "http://bench.invalid/") -> Service {
    Service(baseURL: baseURL, networking: FixedResponseProvider(body: Data()))
}

/// The owners of the observers in the observer benchmarks, alive while one runs.
@MainActor
var observerOwners: [NSObject] = []

/// Observers and the resource table at scale.
func observerBenchmarks() {
    let quick = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(10), maxIterations: 50)
    let perCall = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], scalingFactor: .mega, maxDuration: .seconds(5), maxIterations: 20)

    Benchmark("Siesta add 10,000 closure observers to one resource", configuration: quick) { benchmark in
        let resource = await MainActor.run {
            observerOwners = (0..<10_000).map { _ in NSObject() }
            return offlineService().resource("/observed")
        }
        benchmark.startMeasurement()
        await MainActor.run {
            for owner in observerOwners {
                resource.addObserver(owner: owner) { _, event in blackHole(event) }
            }
        }
        benchmark.stopMeasurement()
        await MainActor.run { observerOwners = [] }
    }

    Benchmark("Siesta one event to 10,000 observers", configuration: quick) { benchmark in
        let resource = await MainActor.run {
            observerOwners = (0..<10_000).map { _ in NSObject() }
            let resource = offlineService().resource("/observed")
            for owner in observerOwners {
                resource.addObserver(owner: owner) { _, event in blackHole(event) }
            }
            return resource
        }
        benchmark.startMeasurement()
        await MainActor.run { resource.overrideLocalContent(with: "changed") }
        benchmark.stopMeasurement()
        await MainActor.run { observerOwners = [] }
    }

    Benchmark("Siesta loadIfNeeded() on fresh data", configuration: perCall) { benchmark in
        let resource = await MainActor.run {
            let resource = offlineService().resource("/fresh")
            resource.overrideLocalContent(with: ["fresh": true])
            return resource
        }
        let count = benchmark.scaledIterations.count
        benchmark.startMeasurement()
        await MainActor.run {
            for _ in 0..<count {
                blackHole(resource.loadIfNeeded())
            }
        }
        benchmark.stopMeasurement()
    }
}

/// Siesta's `load()` against raw clients on the same loopback server and small JSON document.
/// Each iteration is \(serialLoads) loads one after another, or rounds of \(concurrentLoads)
/// concurrent loads; compare the medians of a pair to get the ratio.
func networkBenchmarks() {
    let network = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident], warmupIterations: 2,
        maxDuration: .seconds(15), maxIterations: 40)

    Benchmark("Network serial: Siesta load(), small JSON", configuration: network) { benchmark in
        let server = try await sharedLoopbackServer.value
        let service = await MainActor.run { Service() }
        for _ in benchmark.scaledIterations {
            await loadSerially(service, server.smallJSONURL, times: serialLoads)
        }
    }

    Benchmark("Network serial: Siesta load() chained in onCompletion, small JSON", configuration: network) {
        benchmark in
        let server = try await sharedLoopbackServer.value
        let service = await MainActor.run { Service() }
        for _ in benchmark.scaledIterations {
            await loadChained(service, server.smallJSONURL, times: serialLoads)
        }
    }

    Benchmark("Network serial: Siesta load() chained, no transformers, small JSON", configuration: network) {
        benchmark in
        let server = try await sharedLoopbackServer.value
        let service = await MainActor.run { Service(standardTransformers: []) }
        for _ in benchmark.scaledIterations {
            await loadChained(service, server.smallJSONURL, times: serialLoads)
        }
    }

    Benchmark("Offline serial: Siesta load(), small JSON, instant transport", configuration: network) { benchmark in
        let service = await MainActor.run {
            Service(baseURL: "http://bench.invalid/", networking: FixedResponseProvider(body: LoopbackServer.smallJSON))
        }
        let url = URL(string: "http://bench.invalid/small.json")!
        for _ in benchmark.scaledIterations {
            await loadSerially(service, url, times: serialLoads)
        }
    }

    rawSerialBenchmark("Network serial: raw AsyncHTTPClient, small JSON", configuration: network, fetch: fetchRaw)

    rawSerialBenchmark(
        "Network serial: raw AsyncHTTPClient + JSONSerialization, small JSON", configuration: network,
        fetch: fetchRawAndParse)

    rawSerialBenchmark(
        "Network serial: raw AsyncHTTPClient awaited on the main actor, small JSON", configuration: network,
        fetch: fetchRawOnMainActor)

    // The client settings Siesta's default transport uses.
    var siestaSettings = HTTPClient.Configuration()
    siestaSettings.timeout = .init(connect: .seconds(10), read: .seconds(60))
    siestaSettings.decompression = .enabled(limit: .ratio(100))
    siestaSettings.redirectConfiguration = .disallow
    siestaSettings.connectionPool.retryConnectionEstablishment = false
    rawSerialBenchmark(
        "Network serial: raw AsyncHTTPClient, decompression and read timeout on, small JSON", configuration: network,
        client: siestaSettings, fetch: fetchRaw)

    Benchmark("Network serial: raw AsyncHTTPClient delegate API, small JSON", configuration: network) {
        benchmark in
        let server = try await sharedLoopbackServer.value
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        for _ in benchmark.scaledIterations {
            for _ in 0..<serialLoads {
                let request = try HTTPClient.Request(url: server.smallJSONURL.absoluteString)
                let response = try await client.execute(
                    request: request, delegate: ResponseAccumulator(request: request)
                ).futureResult.get()
                precondition(response.status == .ok)
                blackHole(response.body)
            }
        }
        try await client.shutdown()
    }

    Benchmark("Network serial: raw URLSession, small JSON", configuration: network) { benchmark in
        let server = try await sharedLoopbackServer.value
        let session = URLSession(configuration: .ephemeral)
        for _ in benchmark.scaledIterations {
            for _ in 0..<serialLoads {
                await fetchWithURLSession(session, server.smallJSONURL)
            }
        }
        session.invalidateAndCancel()
    }

    Benchmark("Network 64 concurrent: Siesta load(), small JSON", configuration: network) { benchmark in
        let server = try await sharedLoopbackServer.value
        let (service, resources) = await MainActor.run {
            let service = Service()
            let base = server.smallJSONURL.absoluteString
            return (service, (0..<concurrentLoads).map { service.resource(absoluteURL: "\(base)?r=\($0)") })
        }
        for _ in benchmark.scaledIterations {
            for _ in 0..<(serialLoads / 20) {
                await loadAll(resources)
            }
        }
        blackHole(service)
    }

    Benchmark("Network 64 concurrent: raw AsyncHTTPClient, small JSON", configuration: network) { benchmark in
        let server = try await sharedLoopbackServer.value
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let urls = (0..<concurrentLoads).map { URL(string: "\(server.smallJSONURL.absoluteString)?r=\($0)")! }
        for _ in benchmark.scaledIterations {
            for _ in 0..<(serialLoads / 20) {
                try await fetchAllRaw(client, urls)
            }
        }
        try await client.shutdown()
    }

    squidBenchmarks(network)
}
