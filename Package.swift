// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "hammock",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Siesta", targets: ["Siesta"]),
        .library(name: "SiestaSQLite", targets: ["SiestaSQLite"]),
        .library(name: "DemoAPI", targets: ["DemoAPI"]),
        .library(name: "Squid", targets: ["Squid"]),
        .library(name: "OrderedJSON", targets: ["OrderedJSON"]),
        .library(name: "Safety", targets: ["Safety"]),
        .library(name: "TUICore", targets: ["TUICore"]),
        .library(name: "Workspace", targets: ["Workspace"]),
        .library(name: "Browser", targets: ["Browser"]),
        .library(name: "BrowserRuntime", targets: ["BrowserRuntime"]),
        .executable(name: "hammock", targets: ["hammock"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        .target(
            name: "HTTPCore",
            dependencies: [
                "CMalloc",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "WSCore", package: "swift-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                "Safety",
            ]
        ),
        .testTarget(
            name: "HTTPCoreTests",
            dependencies: [
                "HTTPCore", "DemoAPI", "TestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        .target(name: "Safety"),
        .testTarget(name: "SafetyTests", dependencies: ["Safety"]),
        .target(name: "TUICore"),
        .testTarget(name: "TUICoreTests", dependencies: ["TUICore"]),
        .target(
            name: "TestSupport",
            dependencies: [
                "DemoAPI", "TUICore", "Siesta",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            path: "Tests/TestSupport"
        ),
        .target(
            name: "Siesta",
            dependencies: [
                "HTTPCore", "Safety",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "SiestaSQLite",
            dependencies: ["Siesta", "SQLiteStore", "Safety"]
        ),
        .target(
            name: "DemoAPI",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "SQLiteStore",
            dependencies: [
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "SQLiteStoreTests", dependencies: ["SQLiteStore", "TestSupport"]),
        .target(
            name: "Workspace",
            dependencies: [
                "SQLiteStore", "OrderedJSON", "Safety",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .testTarget(
            name: "WorkspaceTests",
            dependencies: [
                "Workspace", "OrderedJSON", "Safety", "DemoAPI", "TestSupport",
                .product(name: "Yams", package: "Yams"),
            ],
            exclude: ["OpenAPI/Fixtures"]),
        .target(name: "OrderedJSON"),
        .testTarget(name: "OrderedJSONTests", dependencies: ["OrderedJSON"]),
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .target(
            name: "Browser",
            dependencies: [
                "Siesta", "OrderedJSON", "Safety", "TUICore", "Workspace",
                .product(name: "Yams", package: "Yams"),
            ],
            plugins: ["ThemeEmbedder"]
        ),
        .target(
            name: "BrowserRuntime",
            dependencies: [
                "Browser", "Siesta", "HTTPCore", "OrderedJSON", "Safety", "TUICore", "Workspace", "CMalloc",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        .executableTarget(name: "ThemeEmbedderTool"),
        .plugin(name: "ThemeEmbedder", capability: .buildTool(), dependencies: ["ThemeEmbedderTool"]),
        .target(
            name: "Terminal",
            dependencies: ["CNcurses", "TUICore"]
        ),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "TUICore"]),
        .executableTarget(
            name: "hammock",
            dependencies: [
                "Browser", "BrowserRuntime", "Terminal", "TUICore", "DemoAPI", "Siesta",
                "SiestaSQLite", "SQLiteStore", "HTTPCore", "Workspace", "OrderedJSON",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "BrowserTests",
            dependencies: [
                "Browser", "BrowserRuntime", "HTTPCore", "TUICore", "Safety", "DemoAPI", "Siesta", "SQLiteStore",
                "Workspace", "TestSupport",
            ]
        ),
        .testTarget(
            name: "HammockEndToEndTests",
            dependencies: ["DemoAPI", "TestSupport"]
        ),
        .testTarget(
            name: "DemoAPITests",
            dependencies: [
                "DemoAPI", "TestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "SiestaSQLiteTests",
            dependencies: ["SiestaSQLite", "Siesta", "DemoAPI", "TestSupport"]
        ),
        .testTarget(
            name: "SiestaTests",
            dependencies: [
                "Siesta", "HTTPCore", "DemoAPI", "TestSupport",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        .target(
            name: "Squid",
            dependencies: [
                "HTTPCore", "Safety",
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "SquidTests",
            dependencies: [
                "Squid",
                "DemoAPI",
                "TestSupport",
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
