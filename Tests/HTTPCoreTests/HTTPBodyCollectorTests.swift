import Foundation
import NIOCore
import TestSupport
import Testing

@testable import HTTPCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("response bodies: small ones in a buffer, large ones in a mapping of their own")
struct HTTPBodyCollectorTests {
    /// `count` bytes of a repeating pattern that differs from one part to the next: its period,
    /// 251 bytes, is prime, so no part size lines up with it.
    static func bytes(_ count: Int, seed: Int = 0) -> [UInt8] {
        repeating((0..<251).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed) }, count: count)
    }

    /// `period` repeated up to `count` bytes, built a period at a time (fast in a debug build).
    static func repeating(_ period: [UInt8], count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + period.count)
        while bytes.count < count { bytes.append(contentsOf: period) }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// Feeds `body` in parts of `partSize` bytes, announcing `announced`.
    static func collect(_ body: [UInt8], partSize: Int, announced: Int64?) -> (HTTPBodyCollector, Bool) {
        var collector = HTTPBodyCollector()
        var start = 0
        var appended = true
        while start < body.count {
            let end = min(start + partSize, body.count)
            appended =
                appended && collector.append(ByteBuffer(bytes: body[start..<end]), announced: announced, limit: .max)
            start = end
        }
        return (collector, appended)
    }

    @Test("a body under the threshold stays in a buffer and comes out unchanged")
    func small() {
        let body = Self.bytes(HTTPBodyCollector.mappingThreshold - 1)
        var (collector, appended) = Self.collect(body, partSize: 4096, announced: nil)
        #expect(appended)
        #expect(!collector.isMapped)
        #expect(collector.takeData() == Data(body))
    }

    @Test(
        "a large body comes out byte for byte, announced or not, in parts of any size",
        arguments: [
            // Past the mapping's first megabyte, so it grows; announced or not, announced short.
            (1_500_000, 65_536, Int64?.none), (1_500_000, 65_536, Int64?.some(1_500_000)),
            (1_400_000, 1_000_003, Int64?.none), (2_100_000, 8_192, Int64?.some(300_000)),
            (300_000, 300_000, Int64?.some(9_000_000)),
        ])
    func large(count: Int, partSize: Int, announced: Int64?) {
        let body = Self.bytes(count, seed: partSize)
        var (collector, appended) = Self.collect(body, partSize: partSize, announced: announced)
        #expect(appended)
        #expect(collector.isMapped)
        #expect(collector.count == count)
        let data = collector.takeData()
        #expect(data.count == count)
        #expect(data == Data(body))
        #expect(collector.count == 0)
    }

    @Test("an announced large body is mapped from its first part")
    func announcedMapsAtOnce() {
        var collector = HTTPBodyCollector()
        let appended = collector.append(ByteBuffer(bytes: [1, 2, 3]), announced: 1 << 20, limit: .max)
        #expect(appended)
        #expect(collector.isMapped)
        #expect(Array(collector.takeData()) == [1, 2, 3])
    }

    @Test("a large body's mapping lives exactly as long as the data made from it")
    func mappingFollowsData() throws {
        let body = Self.bytes(2_000_000)
        weak var released: HTTPBodyMapping?
        var data: Data?
        do {
            let mapping = try #require(HTTPBodyMapping(capacity: 1 << 20))
            released = mapping
            #expect(body.withUnsafeBytes { mapping.append($0) })
            data = mapping.takeData()
        }
        #expect(released != nil)
        #expect(data == Data(body))
        data = nil
        #expect(released == nil)
    }

    @Test("a mapping dropped before its bytes are taken (a cancelled transfer) goes at once")
    func dropReleases() throws {
        weak var released: HTTPBodyMapping?
        var collector = HTTPBodyCollector()
        let appended = collector.append(ByteBuffer(bytes: Self.bytes(300_000)), announced: nil, limit: .max)
        #expect(appended)
        released = collector.mappingForTesting
        #expect(released != nil)
        collector = HTTPBodyCollector()
        #expect(released == nil)
    }

    @Test("a view of the bytes received stays intact while more arrive, even when the mapping has to grow")
    func viewsStayPut() {
        var collector = HTTPBodyCollector()
        let body = Self.bytes(3_000_000, seed: 7)
        let first = collector.append(ByteBuffer(bytes: body[..<300_000]), announced: nil, limit: .max)
        #expect(first)
        let small = collector.received()
        let smallBytes = small.withUnsafeBytes { Array($0) }
        let before = collector.received()
        // The mapping was made for about 600 kB: the rest makes it grow while the views hold it.
        for start in stride(from: 300_000, to: body.count, by: 100_000) {
            let appended = collector.append(
                ByteBuffer(bytes: body[start..<start + 100_000]), announced: nil, limit: .max)
            #expect(appended)
        }
        #expect(before.count == 300_000)
        #expect(before.withUnsafeBytes { Array($0) } == Array(body[..<300_000]))
        #expect(small.withUnsafeBytes { Array($0) } == smallBytes)
        let after = collector.received()
        #expect(after.count == body.count)
        #expect(after.withUnsafeBytes { Array($0) } == body)
        let data = collector.takeData()
        #expect(data == Data(body))
    }

    @Test("a view keeps a dropped body's mapping until the view goes")
    func viewKeepsMapping() {
        weak var released: HTTPBodyMapping?
        var collector = HTTPBodyCollector()
        let appended = collector.append(ByteBuffer(bytes: Self.bytes(400_000)), announced: nil, limit: .max)
        #expect(appended)
        released = collector.mappingForTesting
        var view: HTTPReceivedBody? = collector.received()
        collector = HTTPBodyCollector()
        #expect(released != nil)
        #expect(view?.withUnsafeBytes { Array($0) } == Self.bytes(400_000))
        view = nil
        #expect(released == nil)
    }

    @Test("large bodies from the demo API arrive whole, with and without a Content-Length")
    func overTheWire() async throws {
        let server = try await SharedDemoServer.get()
        let transport = HTTPTransport()
        var download = URLRequest(
            url: URL(string: "download?bytes=3000001&chunk=65536&delay=0", relativeTo: server.baseURL)!)
        download.timeoutInterval = TestTime.scaled(30)
        let downloaded = try await transport.send(download)
        #expect(downloaded.body.count == 3_000_001)
        #expect(downloaded.body == Data(Self.repeating((0...255).map { UInt8($0) }, count: 3_000_001)))

        var chunked = URLRequest(url: URL(string: "chunked?count=25000", relativeTo: server.baseURL)!)
        chunked.timeoutInterval = TestTime.scaled(30)
        let response = try await transport.send(chunked)
        #expect(response.foldedHeaders["content-length"] == nil)
        let expected = "[" + (0..<25000).map { "{\"id\":\($0)}" }.joined(separator: ",") + "]"
        #expect(response.body.count > HTTPBodyCollector.mappingThreshold)
        #expect(String(decoding: response.body, as: UTF8.self) == expected)
    }
}
