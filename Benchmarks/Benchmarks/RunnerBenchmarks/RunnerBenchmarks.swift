import AsyncHTTPClient
import Benchmark
import Foundation

/// `hammock run` over 1,000 requests against the demo API (served by `hammock --serve-demo` in
/// its own process), side by side with the same 1,000 requests from raw AsyncHTTPClient in this
/// process and from `curl` in a shell loop; and `--jobs 8` against `--jobs 1`.
///
/// The binary is `HAMMOCK_BIN`, else `../.build/release/hammock` (build it first with
/// `swift build -c release --product hammock` at the top of the repository).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock], timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(60),
        maxIterations: 7)
    let fixture = RunnerFixture.shared
    let count = RunnerFixture.requestCount

    Benchmark("hammock --version (process start and exit)") { _ in
        fixture.launch(["--version"])
    }

    Benchmark("hammock run: 1,000 requests, one file, --jobs 1") { _ in
        fixture.launch(["run", fixture.oneFile, "--var", "base=\(fixture.base)"])
    }

    Benchmark("hammock run: 1,000 requests in 8 files, --jobs 1") { _ in
        fixture.launch(["run"] + fixture.eightFiles + ["--var", "base=\(fixture.base)", "--jobs", "1"])
    }

    Benchmark("hammock run: 1,000 requests in 8 files, --jobs 8") { _ in
        fixture.launch(["run"] + fixture.eightFiles + ["--var", "base=\(fixture.base)", "--jobs", "8"])
    }

    Benchmark("curl in a shell loop: 1,000 requests") { _ in
        fixture.shell(
            "i=0; while [ $i -lt \(count) ]; do curl -sf -o /dev/null '\(fixture.base)/users/1' || exit 1; i=$((i+1)); done"
        )
    }

    Benchmark("raw AsyncHTTPClient: 1,000 requests one after another") { _ in
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        for _ in 0..<count {
            let response = try await client.execute(
                HTTPClientRequest(url: "\(fixture.base)/users/1"), timeout: .seconds(30))
            precondition(response.status == .ok)
            blackHole(try await response.body.collect(upTo: 1 << 20))
        }
        try await client.shutdown()
    }
}
