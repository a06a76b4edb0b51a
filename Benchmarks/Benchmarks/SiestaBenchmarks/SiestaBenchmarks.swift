import Benchmark
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

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        maxDuration: .seconds(20), maxIterations: 30)
    let body = tenMegabytesOfJSON

    Benchmark("JSONSerialization alone, 10 MB") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONSerialization.jsonObject(with: body))
        }
    }

    Benchmark("Siesta load() through the pipeline, 10 MB JSON") { benchmark in
        let service = await MainActor.run {
            Service(baseURL: "http://bench.invalid/", networking: FixedResponseProvider(body: body))
        }
        for _ in benchmark.scaledIterations {
            await loadThroughPipeline(service, path: "/items")
        }
    }
}
