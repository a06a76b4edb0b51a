import AsyncHTTPClient
import Benchmark
import Foundation
import Siesta
import Squid

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Requests a client makes in each half of a pair's iteration.
let pairLoads = 50

/// The metric a pair benchmark reports: the reference client's time over the measured client's,
/// in thousandths (1,000 = as fast; more is faster than the reference).
let speedAgainstReference = BenchmarkMetric.custom(
    "speed against the reference (‰)", polarity: .prefersLarger, useScalingFactor: false)

/// How long `body` takes.
func timed(_ body: () async throws -> Void) async rethrows -> Duration {
    let start = ContinuousClock.now
    try await body()
    return ContinuousClock.now - start
}

/// Registers a benchmark that, in every iteration, makes ``pairLoads`` requests with the
/// reference client and as many with the measured one, right after each other (which goes
/// first alternates), and records the ratio of the two times. Each ratio compares two runs a
/// few milliseconds apart, so the machine's drift over a benchmark run, which separate
/// benchmarks for the two clients follow, cancels out of the median.
func pairBenchmark(
    _ name: String, configuration: Benchmark.Configuration,
    setUp: @escaping @Sendable (LoopbackServer) async throws -> PairClients
) {
    Benchmark(name, configuration: configuration) { benchmark in
        let server = try await sharedLoopbackServer.value
        let clients = try await setUp(server)
        var referenceFirst = true
        for _ in benchmark.scaledIterations {
            var reference = Duration.zero
            var measured = Duration.zero
            if referenceFirst {
                reference = try await timed(clients.reference)
                measured = try await timed(clients.measured)
            } else {
                measured = try await timed(clients.measured)
                reference = try await timed(clients.reference)
            }
            referenceFirst.toggle()
            benchmark.measurement(speedAgainstReference, Int((reference / measured * 1000).rounded()))
        }
        try await clients.shutDown()
    }
}

/// The two halves of a pair benchmark, each making ``pairLoads`` requests.
struct PairClients: Sendable {
    /// The client measured against.
    let reference: @Sendable () async throws -> Void
    /// The client measured.
    let measured: @Sendable () async throws -> Void
    /// Ends what the halves hold (the raw client).
    let shutDown: @Sendable () async throws -> Void
}

/// Siesta's `load()` (chained, as main-actor code reacting to its callbacks does, and awaited
/// from main-actor code) and Squid's `schedule` + decode, each interleaved with raw
/// AsyncHTTPClient doing the same work.
func pairBenchmarks() {
    let pairs = Benchmark.Configuration(
        metrics: [speedAgainstReference], warmupIterations: 4, maxDuration: .seconds(15), maxIterations: 100)

    siestaAgainstRawClient(
        "Network pair: Siesta load() chained / raw AsyncHTTPClient, small JSON", configuration: pairs,
        reference: { client, url in for _ in 0..<pairLoads { try await fetchRaw(client, url) } },
        measured: { service, url in await loadChained(service, url, times: pairLoads) })

    siestaAgainstRawClient(
        "Network pair: Siesta load() awaited / raw AsyncHTTPClient, small JSON", configuration: pairs,
        reference: { client, url in for _ in 0..<pairLoads { try await fetchRaw(client, url) } },
        measured: { service, url in await loadSerially(service, url, times: pairLoads) })

    siestaAgainstRawClient(
        "Network pair: Siesta load() awaited / raw AsyncHTTPClient awaited on the main actor, small JSON",
        configuration: pairs,
        reference: { client, url in try await fetchRawOnMainActor(client, url, times: pairLoads) },
        measured: { service, url in await loadSerially(service, url, times: pairLoads) })

    pairBenchmark(
        "Network pair 64 concurrent: Siesta load() / raw AsyncHTTPClient, small JSON", configuration: pairs
    ) { server in
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let base = server.smallJSONURL.absoluteString
        let urls = (0..<concurrentLoads).map { URL(string: "\(base)?r=\($0)")! }
        let resources = await MainActor.run {
            let service = Service()
            return urls.map { service.resource(absoluteURL: $0) }
        }
        let rounds = pairLoads / 10
        return PairClients(
            reference: { for _ in 0..<rounds { try await fetchAllRaw(client, urls) } },
            measured: { for _ in 0..<rounds { await loadAll(resources) } },
            shutDown: { try await client.shutdown() })
    }

    pairBenchmark(
        "Network pair: Squid schedule + decode / raw AsyncHTTPClient + JSONDecoder, small JSON",
        configuration: pairs
    ) { server in
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let service = LoopbackService(base: server.smallJSONURL.deletingLastPathComponent())
        let url = server.smallJSONURL
        return PairClients(
            reference: { for _ in 0..<pairLoads { try await fetchRawAndDecode(client, url) } },
            measured: {
                for _ in 0..<pairLoads { blackHole(try await SmallDocumentRequest().schedule(with: service).value) }
            },
            shutDown: { try await client.shutdown() })
    }

    pairBenchmark(
        "Network pair: Siesta load() chained / raw URLSession, small JSON", configuration: pairs
    ) { server in
        let session = URLSession(configuration: .ephemeral)
        let service = await MainActor.run { Service() }
        let url = server.smallJSONURL
        return PairClients(
            reference: { for _ in 0..<pairLoads { await fetchWithURLSession(session, url) } },
            measured: { await loadChained(service, url, times: pairLoads) },
            shutDown: { session.invalidateAndCancel() })
    }
}

/// Registers a pair of Siesta's `load()` (`measured`, with a fresh `Service`) against a raw
/// AsyncHTTPClient (`reference`), each making ``pairLoads`` requests for the small JSON.
func siestaAgainstRawClient(
    _ name: String, configuration: Benchmark.Configuration,
    reference: @escaping @Sendable (HTTPClient, URL) async throws -> Void,
    measured: @escaping @Sendable (Service, URL) async -> Void
) {
    pairBenchmark(name, configuration: configuration) { server in
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let service = await MainActor.run { Service() }
        let url = server.smallJSONURL
        return PairClients(
            reference: { try await reference(client, url) },
            measured: { await measured(service, url) },
            shutDown: { try await client.shutdown() })
    }
}
