import AsyncHTTPClient
import BenchmarkData
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import Siesta
import Squid

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Small requests one after another through each client, in interleaved rounds, with what each
/// request costs the process: wall time per round, CPU time and context switches per request.
///
/// ```
/// RequestRounds URL [rounds]      (scripts/measure-request-rounds.sh starts nginx and runs it)
/// ```
///
/// The rounds of all clients alternate, so a machine that speeds up or slows down during the
/// run moves them all alike (the benchmarks of SiestaBenchmarks run one after another instead).
/// A bare NIO HTTP/1.1 channel awaited from a task is the floor: the least a client can do for
/// an awaited request on this machine.
@main
struct RequestRounds {
    static let perRound = 200
    /// The reference client's name.
    static let rawName = "raw AsyncHTTPClient, awaited"

    static func main() async throws {
        let arguments = CommandLine.arguments
        if arguments.count == 2, arguments[1] == "--print-document" {
            FileHandle.standardOutput.write(SmallDocument.json)
            return
        }
        guard arguments.count >= 2, let url = URL(string: arguments[1]), let host = url.host, let port = url.port
        else {
            print("usage: RequestRounds http://127.0.0.1:PORT/small.json [rounds] | RequestRounds --print-document")
            exit(2)
        }
        let rounds = arguments.count >= 3 ? Int(arguments[2]) ?? 30 : 30
        let channel = try await BareChannel.connect(host: host, port: port, path: url.path)
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let (plain, parsed) = await MainActor.run {
            (Service(standardTransformers: []).resource(absoluteURL: url), Service().resource(absoluteURL: url))
        }
        let squid = SmallJSONService(base: url.deletingLastPathComponent())
        var clients: [(String, @Sendable () async throws -> Void)] = [
            ("bare NIO channel, awaited", { for _ in 0..<perRound { try await channel.fetch() } }),
            (rawName, { for _ in 0..<perRound { try await fetch(client, url) } }),
            ("Siesta load(), awaited", { await loadAwaited(parsed, times: perRound) }),
            ("Siesta load(), chained", { await loadChained(parsed, times: perRound) }),
            ("Siesta load(), chained, no transformers", { await loadChained(plain, times: perRound) }),
            ("raw AsyncHTTPClient + JSONDecoder", { for _ in 0..<perRound { try await fetchAndDecode(client, url) } }),
            (
                "Squid schedule + decode",
                { for _ in 0..<perRound { _ = try await SmallJSONRequest().schedule(with: squid).value } }
            ),
        ]
        // REQUEST_ROUNDS_ONLY=TEXT[,TEXT...] keeps the clients whose name contains one of the
        // texts (and the raw client, the reference), e.g. to profile one of them.
        if let only = ProcessInfo.processInfo.environment["REQUEST_ROUNDS_ONLY"]?.split(separator: ",") {
            clients = clients.filter { client in client.0 == rawName || only.contains { client.0.contains($0) } }
        }
        var samples = [[Sample]](repeating: [], count: clients.count)
        for _ in 0..<rounds {
            for (index, client) in clients.enumerated() {
                samples[index].append(try await Sample.measure(requests: perRound, client.1))
            }
        }
        let reference = samples[clients.firstIndex { $0.0 == rawName } ?? 0].map(\.milliseconds).median
        let columns = [
            "client", "wall p50 (ms / \(perRound))", "wall p0", "CPU per request (µs)",
            "context switches per request", "raw AsyncHTTPClient p50 / p50",
        ]
        print(columns.joined(separator: " | "))
        for (index, client) in clients.enumerated() {
            let wall = samples[index].map(\.milliseconds)
            let line = [
                client.0, format(wall.median), format(wall.min() ?? 0),
                format(samples[index].map(\.cpuMicroseconds).median, digits: 0),
                format(samples[index].map(\.contextSwitches).median, digits: 2),
                format(reference / wall.median, digits: 2),
            ]
            print(line.joined(separator: " | "))
        }
        try await client.shutdown()
        try await channel.close()
        withExtendedLifetime((plain, parsed)) {}
    }

    static func format(_ value: Double, digits: Int = 1) -> String {
        String(format: "%.\(digits)f", value)
    }

    /// One request with AsyncHTTPClient, its body collected.
    static func fetch(_ client: HTTPClient, _ url: URL) async throws {
        let response = try await client.execute(HTTPClientRequest(url: url.absoluteString), timeout: .seconds(30))
        precondition(response.status == .ok)
        _ = try await response.body.collect(upTo: 1 << 20)
    }

    /// One request with AsyncHTTPClient, its body decoded.
    static func fetchAndDecode(_ client: HTTPClient, _ url: URL) async throws {
        let response = try await client.execute(HTTPClientRequest(url: url.absoluteString), timeout: .seconds(30))
        precondition(response.status == .ok)
        let body = try await response.body.collect(upTo: 1 << 20)
        _ = try JSONDecoder().decode(SmallDocument.self, from: Data(body.readableBytesView))
    }

    /// `times` loads of `resource`, each awaited.
    @MainActor
    static func loadAwaited(_ resource: Resource, times: Int) async {
        for _ in 0..<times {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                resource.load().onCompletion { _ in continuation.resume() }
            }
        }
    }

    /// `times` loads of `resource`, each started from the completion hook of the one before.
    @MainActor
    static func loadChained(_ resource: Resource, times: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            var remaining = times
            @MainActor func next() {
                resource.load().onCompletion { info in
                    precondition(info.isNew)
                    remaining -= 1
                    if remaining == 0 { continuation.resume() } else { next() }
                }
            }
            next()
        }
    }
}

/// What one round of one client cost.
struct Sample {
    var milliseconds: Double
    var cpuMicroseconds: Double
    var contextSwitches: Double

    /// Runs `round` (`requests` requests) and measures it.
    static func measure(requests: Int, _ round: @Sendable () async throws -> Void) async throws -> Sample {
        let before = Self.usage()
        let start = ContinuousClock.now
        try await round()
        let elapsed = ContinuousClock.now - start
        let after = Self.usage()
        return Sample(
            milliseconds: Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15,
            cpuMicroseconds: (after.cpu - before.cpu) / Double(requests),
            contextSwitches: (after.switches - before.switches) / Double(requests))
    }

    /// The process's CPU time (µs) and context switches so far.
    private static func usage() -> (cpu: Double, switches: Double) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let seconds = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        let micros = Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
        return (seconds * 1e6 + micros, Double(usage.ru_nvcsw + usage.ru_nivcsw))
    }
}

extension Array where Element == Double {
    /// The middle value.
    var median: Double { isEmpty ? 0 : sorted()[count / 2] }
}

/// One kept-alive HTTP/1.1 connection on NIO's codec and nothing else, one request at a time.
final class BareChannel: Sendable {
    private let channel: any Channel
    private let handler: NIOLoopBound<ResponseCollector>
    private let head: HTTPRequestHead

    private init(channel: any Channel, handler: NIOLoopBound<ResponseCollector>, head: HTTPRequestHead) {
        self.channel = channel
        self.handler = handler
        self.head = head
    }

    /// Connects to `host`:`port`; requests will be `GET path`.
    static func connect(host: String, port: Int, path: String) async throws -> BareChannel {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(ResponseCollector())
                }
            }
            .connect(host: host, port: port).get()
        let handler = try await channel.eventLoop.submit {
            NIOLoopBound(
                try channel.pipeline.syncOperations.handler(type: ResponseCollector.self), eventLoop: channel.eventLoop)
        }.get()
        var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path)
        head.headers.add(name: "host", value: "\(host):\(port)")
        return BareChannel(channel: channel, handler: handler, head: head)
    }

    /// One request, awaited until its response ended.
    func fetch() async throws {
        let handler = handler
        let head = head
        let channel = channel
        _ = try await channel.eventLoop.flatSubmit {
            let promise = channel.eventLoop.makePromise(of: Void.self)
            handler.value.promise = promise
            channel.write(HTTPClientRequestPart.head(head), promise: nil)
            channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
            return promise.futureResult
        }.get()
    }

    /// Closes the connection.
    func close() async throws {
        try await channel.close()
    }
}

/// Completes the promise of the request in flight when its response ends.
final class ResponseCollector: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    var promise: EventLoopPromise<Void>?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .end = unwrapInboundIn(data) {
            let promise = promise
            self.promise = nil
            promise?.succeed()
        }
    }
}

/// The loopback server as a Squid service.
struct SmallJSONService: HttpService {
    let base: URL

    var apiUrl: UrlConvertible { base }
}

/// The small JSON document as a Squid request.
struct SmallJSONRequest: JsonRequest {
    typealias Result = SmallDocument

    var routes: HttpRoute { ["small.json"] }
}
