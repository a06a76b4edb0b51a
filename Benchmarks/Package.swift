// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "hammock-benchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "hammock", path: ".."),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(name: "BenchmarkData", path: "Benchmarks/BenchmarkData"),
        .executableTarget(
            name: "SiestaBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Siesta", package: "hammock"),
                .product(name: "Squid", package: "hammock"),
                .product(name: "DemoAPI", package: "hammock"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                "BenchmarkData",
            ],
            path: "Benchmarks/SiestaBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "DocumentBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "OrderedJSON", package: "hammock"),
                "BenchmarkData",
            ],
            path: "Benchmarks/DocumentBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "IndexFile",
            dependencies: [.product(name: "OrderedJSON", package: "hammock"), "BenchmarkData"],
            path: "Benchmarks/IndexFile"
        ),
        .executableTarget(
            name: "WorkspaceBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "OrderedJSON", package: "hammock"),
                .product(name: "Workspace", package: "hammock"),
                "BenchmarkData",
            ],
            path: "Benchmarks/WorkspaceBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "BrowserBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Browser", package: "hammock"),
                .product(name: "OrderedJSON", package: "hammock"),
                .product(name: "Siesta", package: "hammock"),
                "BenchmarkData",
            ],
            path: "Benchmarks/BrowserBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "StartupBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Browser", package: "hammock"),
                .product(name: "BrowserRuntime", package: "hammock"),
                .product(name: "Siesta", package: "hammock"),
                .product(name: "SiestaSQLite", package: "hammock"),
            ],
            path: "Benchmarks/StartupBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "RunnerBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            path: "Benchmarks/RunnerBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "CancelStorm",
            dependencies: [.product(name: "Siesta", package: "hammock"), "BenchmarkData"],
            path: "Benchmarks/CancelStorm"
        ),
        .executableTarget(
            name: "RequestRounds",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Siesta", package: "hammock"),
                .product(name: "Squid", package: "hammock"),
                "BenchmarkData",
            ],
            path: "Benchmarks/RequestRounds"
        ),
        .executableTarget(
            name: "ResourceFlush",
            dependencies: [.product(name: "Siesta", package: "hammock"), "BenchmarkData"],
            path: "Benchmarks/ResourceFlush"
        ),
    ],
    swiftLanguageModes: [.v6]
)
