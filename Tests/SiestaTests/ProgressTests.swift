import Foundation
import Siesta
import TestSupport
import Testing

@MainActor
@Suite("onProgress reports real byte counts")
struct ProgressTests {
    @Test("a download with Content-Length shows intermediate values, never decreasing, ending at 1 before completion")
    func downloadProgress() async throws {
        // The body goes out a chunk at a time, each only once the last one was reported.
        let server = try await GatedDownloadServer.start(length: 200_000)
        let service = Service(baseURL: "http://127.0.0.1:\(server.port)")
        service.configure { $0.progressReportingInterval = 0.02 }
        var values: [Double] = []
        var progressAtCompletion: Double?
        let request = service.resource("/download").request(.get)
            .onProgress { values.append($0) }
            .onCompletion { _ in progressAtCompletion = values.last }
        for chunk in 1...4 {
            await server.send(40_000)
            await waitUntil("progress after chunk \(chunk)") { Set(values.filter { $0 > 0 && $0 < 1 }).count >= chunk }
        }
        await server.send(40_000)
        let info = await completion(of: request)
        await server.stop()
        #expect((entity(of: info)?.content as? Data)?.count == 200_000)
        let intermediate = Set(values.filter { $0 > 0 && $0 < 1 })
        #expect(intermediate.count >= 4, "values: \(values)")
        #expect(values == values.sorted())
        #expect(values.last == 1)
        #expect(progressAtCompletion == 1)
        #expect(request.progress == 1)
    }

    @Test("progress of an unknown-length response still rises and ends at 1")
    func unknownLength() async throws {
        // Nothing of the body goes out until progress has risen while waiting for it.
        let server = try await GatedDownloadServer.start(length: 1000, announcesLength: false)
        let service = Service(baseURL: "http://127.0.0.1:\(server.port)")
        service.configure { $0.progressReportingInterval = 0.02 }
        var values: [Double] = []
        let request = service.resource("/download").request(.get).onProgress { values.append($0) }
        await waitUntil("progress while waiting") { values.contains { $0 > 0 && $0 < 1 } }
        await server.send(1000)
        await completion(of: request)
        await server.stop()
        #expect(values.count >= 2)
        #expect(values == values.sorted())
        #expect(values.last == 1)
    }
}
