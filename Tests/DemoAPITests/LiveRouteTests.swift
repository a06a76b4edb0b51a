import DemoAPI
import Foundation
import TestSupport
import Testing

@Suite("live routes")
struct LiveRouteTests {
    /// The order statuses in the order an order goes through them.
    static let statuses = ["placed", "paid", "packed", "shipped", "delivered"]

    @Test("order 7 moves to its next status within a step, and its ETag changes with it")
    func orderChangesWithItsTag() async throws {
        try await DemoHarness.run(liveStep: .milliseconds(80)) { harness in
            let first = try await harness.get("/orders/7")
            #expect(first.status == 200)
            #expect(first.header("Content-Type") == "application/json; charset=utf-8")
            #expect(first.header("Cache-Control") == "no-cache")
            let firstTag = try #require(first.header("ETag"))
            let firstOrder = try first.object()
            try Self.checkOrder(firstOrder)
            #expect(firstOrder["id"] as? Int == 7)
            #expect(firstOrder["url"] as? String == "/orders/7")

            var later = first
            await waitUntilAsync("order 7 to change status") {
                guard let reply = try? await harness.get("/orders/7"), let order = try? reply.object() else {
                    return false
                }
                later = reply
                return order["status"] as? String != firstOrder["status"] as? String
            }
            let laterOrder = try later.object()
            try Self.checkOrder(laterOrder)
            let laterTag = try #require(later.header("ETag"))
            #expect(laterTag != firstTag)
            #expect(try Self.position(of: laterOrder) > Self.position(of: firstOrder))

            // The tag of an earlier state no longer matches: the new state comes back in full.
            let stale = try await harness.get("/orders/7", headers: [("If-None-Match", firstTag)])
            #expect(stale.status == 200)
            #expect(!stale.body.isEmpty)
            #expect(stale.header("ETag") != firstTag)
        }
    }

    @Test("order 7 goes through every status in order, then starts a new delivery with a fresh history")
    func orderCycles() async throws {
        try await DemoHarness.run(liveStep: .milliseconds(40)) { harness in
            let first = try await harness.get("/orders/7").object()
            let start = try Self.position(of: first)
            var positions: [Int] = []
            var orders: [[String: Any]] = []
            await waitUntilAsync("order 7 to be into its next delivery") {
                guard let order = try? await harness.get("/orders/7").object(),
                    let position = try? Self.position(of: order)
                else { return false }
                positions.append(position)
                orders.append(order)
                return position >= start + 6
            }
            #expect(positions == positions.sorted(), "the status never goes back")
            // Each answer's history lists this delivery's statuses in order, ending with the
            // current one; a later delivery starts its history afresh.
            for order in orders {
                try Self.checkOrder(order)
            }
            let last = try #require(orders.last)
            #expect(try #require(last["delivery"] as? Int) > first["delivery"] as? Int ?? 0)
            #expect(try #require(Self.date(last["placedAt"])) > Self.date(first["placedAt"]) ?? .distantFuture)
            #expect((last["history"] as? [Any])?.count ?? 0 <= Self.statuses.count)
            let tracked = orders.filter { ["shipped", "delivered"].contains($0["status"] as? String) }
            #expect(tracked.allSatisfy { $0["trackingNumber"] is String })
        }
    }

    @Test("If-None-Match with the current ETag gives 304, and the request is counted")
    func notModified() async throws {
        try await DemoHarness.run(liveStep: .seconds(600)) { harness in
            for path in ["/orders/7", "/orders", "/live/counter", "/live/list", "/live/static"] {
                let reply = try await harness.get(path)
                #expect(reply.status == 200, "\(path)")
                let tag = try #require(reply.header("ETag"), "\(path)")
                let cached = try await harness.get(path, headers: [("If-None-Match", tag)])
                #expect(cached.status == 304, "\(path)")
                #expect(cached.header("ETag") == tag, "\(path)")
                #expect(cached.header("Cache-Control") == "no-cache", "\(path)")
                #expect(cached.body.isEmpty, "\(path)")
                #expect(harness.server.requestCount(forPath: path) == 2, "\(path)")
            }
        }
    }

    @Test("/live/counter counts steps, and its ETag changes with the count")
    func counter() async throws {
        try await DemoHarness.run(liveStep: .milliseconds(40)) { harness in
            #expect(harness.server.liveStep == .milliseconds(40))
            let first = try await harness.get("/live/counter")
            let firstBody = try first.object()
            let firstCount = try #require(firstBody["count"] as? Int)
            #expect(firstBody["stepMilliseconds"] as? Int == 40)
            #expect(Self.date(firstBody["updatedAt"]) != nil)
            var later = first
            await waitUntilAsync("the counter to go up twice") {
                guard let reply = try? await harness.get("/live/counter") else { return false }
                later = reply
                return ((try? reply.object())?["count"] as? Int ?? 0) >= firstCount + 2
            }
            #expect(later.header("ETag") != first.header("ETag"))
            let laterBody = try later.object()
            let updated = try #require(Self.date(laterBody["updatedAt"]))
            let earlier = try #require(Self.date(firstBody["updatedAt"]))
            #expect(updated > earlier)
            // `/counter` still counts requests, not steps.
            #expect(try await harness.get("/counter").object()["count"] as? Int == 1)
        }
    }

    @Test("/live/static keeps its ETag across steps, so a conditional request always gets 304")
    func staticResource() async throws {
        try await DemoHarness.run(liveStep: .milliseconds(30)) { harness in
            let first = try await harness.get("/live/static")
            #expect(first.status == 200)
            #expect(first.header("Cache-Control") == "no-cache")
            let tag = try #require(first.header("ETag"))
            let startCount = try #require(try await harness.get("/live/counter").object()["count"] as? Int)
            var statuses: Set<Int> = []
            var tags: Set<String> = []
            var conditionalRequests = 0
            await waitUntilAsync("three steps to pass") {
                guard let cached = try? await harness.get("/live/static", headers: [("If-None-Match", tag)]),
                    let counter = try? await harness.get("/live/counter").object()
                else { return false }
                conditionalRequests += 1
                statuses.insert(cached.status)
                tags.insert(cached.header("ETag") ?? "")
                return counter["count"] as? Int ?? 0 >= startCount + 3
            }
            #expect(statuses == [304])
            #expect(tags == [tag])
            let again = try await harness.get("/live/static")
            #expect(again.body == first.body)
            #expect(harness.server.requestCount(forPath: "/live/static") == conditionalRequests + 2)
        }
    }

    @Test("/live/list gains, loses and changes items as steps pass")
    func listChanges() async throws {
        try await DemoHarness.run(liveStep: .milliseconds(50)) { harness in
            var previous = try Self.listItems(try await harness.get("/live/list").object())
            var added = 0
            var removed = 0
            var changed = 0
            var sizes: Set<Int> = [previous.count]
            await waitUntilAsync("additions, removals, changes and two list sizes") {
                guard let body = try? await harness.get("/live/list").object(), let items = try? Self.listItems(body)
                else { return false }
                let before = Set(previous.keys)
                let after = Set(items.keys)
                added += after.subtracting(before).count
                removed += before.subtracting(after).count
                changed += before.intersection(after).filter { previous[$0] != items[$0] }.count
                sizes.insert(items.count)
                previous = items
                return added > 0 && removed > 0 && changed > 0 && sizes.count >= 2
            }
            #expect(added > 0)
            #expect(removed > 0)
            #expect(changed > 0)
            #expect(sizes.count >= 2)
        }
    }

    @Test("/orders lists the orders with links that lead to them; an unknown id is 404")
    func orderList() async throws {
        try await DemoHarness.run(liveStep: .seconds(600)) { harness in
            let list = try await harness.get("/orders")
            #expect(list.header("Cache-Control") == "no-cache")
            let orders = try list.array()
            #expect(orders.compactMap { $0["id"] as? Int } == [7, 8, 9])
            for summary in orders {
                let link = try #require(summary["url"] as? String)
                let order = try await harness.get(link).object()
                try Self.checkOrder(order)
                #expect(order["id"] as? Int == summary["id"] as? Int)
                #expect(order["status"] as? String == summary["status"] as? String)
                #expect(Self.number(order["total"]) == Self.number(summary["total"]))
            }
            let missing = try await harness.get("/orders/1")
            #expect(missing.status == 404)
            #expect(try missing.object()["status"] as? Int == 404)
            #expect(try await harness.get("/orders/x").status == 404)
        }
    }

    @Test("the index links the live routes, and each link answers")
    func indexLinks() async throws {
        try await DemoHarness.run(liveStep: .milliseconds(50)) { harness in
            let links = try #require(try await harness.get("/").object()["links"] as? [String: String])
            let expected = [
                "orders": "/orders", "order": "/orders/7", "liveCounter": "/live/counter", "liveList": "/live/list",
                "liveStatic": "/live/static", "events": "/events", "ndjsonStream": "/live/ndjson",
            ]
            for (name, path) in expected {
                #expect(links[name] == path, "\(name)")
            }
            for name in ["orders", "order", "liveCounter", "liveList", "liveStatic"] {
                #expect(try await harness.get(try #require(links[name])).status == 200, "\(name)")
            }
            let events = try await harness.get(try #require(links["events"]) + "?count=1")
            #expect(events.header("Content-Type") == "text/event-stream")
            let lines = try await harness.get(try #require(links["ndjsonStream"]) + "?count=1")
            #expect(lines.header("Content-Type") == "application/x-ndjson")
        }
    }

    // MARK: Helpers

    /// Checks that an order is consistent with itself: a known status, a history of this
    /// delivery's statuses that ends with it, items with ids, the total of its items, and a
    /// tracking number exactly once shipped.
    static func checkOrder(_ order: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let status = try #require(order["status"] as? String, sourceLocation: sourceLocation)
        let index = try #require(statuses.firstIndex(of: status), sourceLocation: sourceLocation)
        let history = try #require(order["history"] as? [[String: Any]], sourceLocation: sourceLocation)
        #expect(
            history.compactMap { $0["status"] as? String } == Array(statuses[...index]), sourceLocation: sourceLocation)
        #expect(history.last?["at"] as? String == order["updatedAt"] as? String, sourceLocation: sourceLocation)
        #expect(history.first?["at"] as? String == order["placedAt"] as? String, sourceLocation: sourceLocation)
        let times = history.compactMap { date($0["at"]) }
        #expect(times.count == history.count && times == times.sorted(), sourceLocation: sourceLocation)
        let items = try #require(order["items"] as? [[String: Any]], sourceLocation: sourceLocation)
        #expect(!items.isEmpty, sourceLocation: sourceLocation)
        #expect(Set(items.compactMap { $0["id"] as? Int }).count == items.count, sourceLocation: sourceLocation)
        let sum = items.reduce(0.0) { total, item in
            total + (number(item["price"]) ?? 0) * Double(item["quantity"] as? Int ?? 0)
        }
        let total = try #require(number(order["total"]), sourceLocation: sourceLocation)
        #expect(abs(total - sum) < 0.001, sourceLocation: sourceLocation)
        #expect((order["trackingNumber"] != nil) == (index >= 3), sourceLocation: sourceLocation)
    }

    /// The number of status changes an order has gone through: five per delivery.
    static func position(of order: [String: Any]) throws -> Int {
        let delivery = try #require(order["delivery"] as? Int)
        let index = try #require(statuses.firstIndex(of: order["status"] as? String ?? ""))
        return (delivery - 1) * statuses.count + index
    }

    /// The items of a `/live/list` body by id, each as its JSON text, after checking the list's
    /// shape.
    static func listItems(_ body: [String: Any]) throws -> [Int: String] {
        let items = try #require(body["items"] as? [[String: Any]])
        #expect(body["count"] as? Int == items.count)
        let ids = items.compactMap { $0["id"] as? Int }
        #expect(ids.count == items.count)
        #expect(ids == ids.sorted() && Set(ids).count == ids.count)
        var result: [Int: String] = [:]
        for item in items {
            let id = try #require(item["id"] as? Int)
            let data = try JSONSerialization.data(withJSONObject: item, options: [.sortedKeys])
            result[id] = String(decoding: data, as: UTF8.self)
        }
        return result
    }

    /// A JSON number as a `Double`, whether it was written with a fraction or not.
    static func number(_ value: Any?) -> Double? {
        if let integer = value as? Int {
            return Double(integer)
        }
        if let double = value as? Double {
            return double
        }
        return (value as? NSNumber)?.doubleValue
    }

    /// An ISO-8601 timestamp with fractional seconds, or `nil` when `value` is not one.
    static func date(_ value: Any?) -> Date? {
        guard let text = value as? String else { return nil }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
