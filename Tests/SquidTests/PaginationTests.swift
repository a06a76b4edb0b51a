import DemoAPI
import Foundation
@preconcurrency import OpenCombine
import Squid
import TestSupport
import Testing

private struct Item: Decodable, Sendable, Equatable {
    let id: Int
    let name: String
}

private struct Page: PaginatedData, Decodable {
    let items: [Item]
    let page: Int
    let totalPages: Int

    var data: [Item] {
        items
    }

    var totalPageCount: Int {
        totalPages
    }
}

private struct ItemsRequest: JsonRequest {
    typealias Result = [Item]

    var routes: HttpRoute {
        ["paged"]
    }
}

@Suite("pagination driven by ticks")
struct PaginationTests {

    private static let parameters = PaginationParameters(page: "page", chunk: "perPage")

    @Test("each tick loads the next page until the last one, then the publisher finishes")
    func pagesToTheEnd() async throws {
        try await withDemoServer { server in
            let paginator = ItemsRequest().schedule(
                forPaginationWith: DemoService(server),
                chunk: 10,
                parameters: Self.parameters,
                paginatedType: Page.self
            )
            let ticks = PassthroughSubject<Void, Never>()
            let pages = Recorder<[[Item]]>([])
            let finished = Recorder(false)
            let cancellable = paginator.connect(with: ticks).sink(
                receiveCompletion: { completion in
                    finished.update { $0 = completion.isFinished }
                },
                receiveValue: { items in
                    pages.update { $0.append(items) }
                }
            )
            defer { cancellable.cancel() }
            var sent = 0
            while !finished.value, sent < 20 {
                let received = pages.value.count
                let progressed = await waitUntil { pages.value.count > received || finished.value }
                #expect(progressed)
                ticks.send(())
                sent += 1
            }
            #expect(finished.value)
            #expect(pages.value.map(\.count) == [10, 10, 10, 10, 5])
            #expect(pages.value.flatMap { $0 }.map(\.id) == Array(1...45))
            #expect(server.requestCount(forPath: "/paged") == 5)
        }
    }

    @Test("ticks while a page is loading are ignored")
    func ticksWhileLoading() async throws {
        try await withDemoServer { server in
            let paginator = ItemsRequest().schedule(
                forPaginationWith: DemoService(server),
                chunk: 20,
                parameters: Self.parameters,
                paginatedType: Page.self
            )
            let ticks = PassthroughSubject<Void, Never>()
            let collector = Collector(paginator.connect(with: ticks))
            for _ in 0..<10 {
                ticks.send(())
            }
            let reached = await waitUntil { collector.collected.values.count >= 1 }
            #expect(reached)
            // An absence has no condition to await: give further pages time to (wrongly) load.
            try await Task.sleep(nanoseconds: 200_000_000)
            let loaded = collector.collected.values.count
            #expect(loaded < 3)
            #expect(server.requestCount(forPath: "/paged") == loaded)
            collector.cancel()
        }
    }

    @Test("a failing page fails the publisher")
    func failingPage() async throws {
        struct Missing: JsonRequest {
            typealias Result = [Item]
            var routes: HttpRoute {
                ["errors", 500]
            }
        }
        try await withDemoServer { server in
            let paginator = Missing().schedule(
                forPaginationWith: DemoService(server), chunk: 5, paginatedType: Page.self)
            let collected = try await Collector(paginator.connect(with: Empty<Void, Never>(completeImmediately: false)))
                .finish()
            #expect(collected.values.isEmpty)
            #expect(collected.error?.statusCode == 500)
        }
    }
}
