import AsyncHTTPClient
import Foundation
import NIOCore
import Testing

@Suite("streamed download")
struct DownloadTests {
    @Test("/download announces Content-Length and streams every byte in several delayed chunks")
    func streamsChunks() async throws {
        try await DemoHarness.run { harness in
            let clock = ContinuousClock()
            let started = clock.now
            let response = try await harness.start(.GET, "/download?bytes=50000&chunk=10000&delay=40")
            #expect(response.status.code == 200)
            #expect(response.headers.first(name: "Content-Length") == "50000")
            #expect(response.headers.first(name: "Content-Type") == "application/octet-stream")

            var received = Data()
            var arrivals: [Duration] = []
            for try await part in response.body {
                received.append(contentsOf: part.readableBytesView)
                arrivals.append(clock.now - started)
            }
            #expect(received.count == 50000)
            #expect(received.enumerated().allSatisfy { $0.element == UInt8(truncatingIfNeeded: $0.offset) })
            // Progress is visible: the body arrives in several parts, and the last one cannot come
            // before the server has slept between its five chunks (4 × 40 ms).
            #expect(arrivals.count >= 2)
            if let last = arrivals.last {
                #expect(last >= .milliseconds(160))
            }
        }
    }

    @Test("the default download is 200000 bytes")
    func defaultSize() async throws {
        try await DemoHarness.run { harness in
            let reply = try await harness.get("/download?delay=0")
            #expect(reply.header("Content-Length") == "200000")
            #expect(reply.body.count == 200_000)
        }
    }
}
