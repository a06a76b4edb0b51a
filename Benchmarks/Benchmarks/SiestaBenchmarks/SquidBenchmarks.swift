import AsyncHTTPClient
import Benchmark
import BenchmarkData
import Foundation
import Squid

/// The loopback server as a Squid service.
struct LoopbackService: HttpService {
    /// The server's base URL.
    let base: URL

    var apiUrl: UrlConvertible { base }
}

/// The small JSON document as a Squid request.
struct SmallDocumentRequest: JsonRequest {
    typealias Result = SmallDocument

    var routes: HttpRoute { ["small.json"] }
}

/// Fetches a URL with AsyncHTTPClient and decodes the body with `JSONDecoder`, as an app using
/// it directly would.
func fetchRawAndDecode(_ client: HTTPClient, _ url: URL) async throws {
    let response = try await client.execute(HTTPClientRequest(url: url.absoluteString), timeout: .seconds(30))
    precondition(response.status == .ok)
    let body = try await response.body.collect(upTo: 1 << 20)
    blackHole(try JSONDecoder().decode(SmallDocument.self, from: Data(body.readableBytesView)))
}

/// Squid's `schedule` + decode against raw AsyncHTTPClient + `JSONDecoder` on the same server.
func squidBenchmarks(_ network: Benchmark.Configuration) {
    Benchmark("Network serial: Squid schedule + decode, small JSON", configuration: network) { benchmark in
        let server = try await sharedLoopbackServer.value
        let service = LoopbackService(base: server.smallJSONURL.deletingLastPathComponent())
        for _ in benchmark.scaledIterations {
            for _ in 0..<serialLoads {
                blackHole(try await SmallDocumentRequest().schedule(with: service).value)
            }
        }
    }

    rawSerialBenchmark(
        "Network serial: raw AsyncHTTPClient + JSONDecoder, small JSON", configuration: network,
        fetch: fetchRawAndDecode)
}
