import Foundation
import HTTPCore
import Siesta
import TestSupport
import Testing

@MainActor
@Suite("request bodies streamed through Siesta")
struct StreamedBodyTests {
    @Test("a body set as httpBodyStream is sent, a file streamed with its length, and upload progress reaches 1")
    func streamedBodies() async throws {
        let service = try await TestServer.service()
        let folder = try TemporaryFolder(prefix: "siesta-upload")
        let path = folder.path("data.bin")
        try Data((0..<900_000).map { UInt8(truncatingIfNeeded: $0 &* 3) }).write(to: URL(fileURLWithPath: path))
        let body = try HTTPUploadBody.file(atPath: path)
        var values: [Double] = []
        let request = service.resource("/upload").request(.post) { $0.httpBodyStream = HTTPUploadStream(body) }
            .onProgress { values.append($0) }
        let answer = try #require(entity(of: await completion(of: request))?.content as? [String: Any])
        #expect(answer["length"] as? Int == 900_000)
        #expect(answer["contentLength"] as? String == "900000")
        #expect(values.last == 1)
        #expect(values == values.sorted())

        // Any input stream is sent too, chunked (it used to be dropped).
        let plain = service.resource("/upload").request(.post) {
            $0.httpBodyStream = InputStream(data: Data("abc".utf8))
        }
        let plainAnswer = try #require(entity(of: await completion(of: plain))?.content as? [String: Any])
        #expect(plainAnswer["length"] as? Int == 3)
        #expect(plainAnswer["chunked"] as? Bool == true)
    }

    @Test("a file that is gone by the time it is sent fails with a sentence naming it")
    func vanishedFile() async throws {
        let service = try await TestServer.service()
        let folder = try TemporaryFolder(prefix: "siesta-upload")
        let path = try folder.write("gone.txt", "soon gone")
        let body = try HTTPUploadBody.file(atPath: path)
        try FileManager.default.removeItem(atPath: path)
        let request = service.resource("/upload").request(.put) { $0.httpBodyStream = HTTPUploadStream(body) }
        let failure = try #require(error(of: await completion(of: request)))
        #expect(failure.userMessage == "The file \(path) does not exist.")
    }
}
