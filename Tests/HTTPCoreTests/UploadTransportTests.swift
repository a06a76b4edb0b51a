import DemoAPI
import Foundation
import HTTPCore
import NIOConcurrencyHelpers
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Request bodies streamed from files: a whole file, a multipart form of fields and files, any
/// input stream; sent to the demo API's `/upload`, which reads them as they arrive and answers
/// with their lengths and checksums.
@Suite("request bodies streamed from files, over loopback")
struct UploadTransportTests {
    let transport = HTTPTransport()

    /// A file of `size` bytes that are not all alike, in `folder`.
    static func patternFile(_ name: String, size: Int, in folder: TemporaryFolder) throws -> String {
        let path = folder.path(name)
        var bytes = [UInt8](repeating: 0, count: size)
        for index in 0..<size { bytes[index] = UInt8(truncatingIfNeeded: index &* 31 &+ index >> 9) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The checksum `/upload` reports for `data`.
    static func checksum(_ data: Data) -> String {
        var checksum = UploadChecksum()
        data.withUnsafeBytes { checksum.add($0) }
        return checksum.hex
    }

    func post(_ body: HTTPUploadBody, contentType: String, to path: String = "upload") async throws -> [String: Any] {
        let server = try await SharedDemoServer.get()
        var request = URLRequest(url: try #require(URL(string: path, relativeTo: server.baseURL)))
        request.httpMethod = "POST"
        request.timeoutInterval = TestTime.scaled(30)
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        request.httpBodyStream = HTTPUploadStream(body)
        let response = try await transport.send(request)
        #expect(response.statusCode == 200, "\(String(decoding: response.body, as: UTF8.self))")
        return try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }

    @Test("a file body is streamed from disk with a Content-Length, every byte in order")
    func fileBody() async throws {
        let folder = try TemporaryFolder(prefix: "hammock-upload")
        let path = try Self.patternFile("data.bin", size: 3 * 1024 * 1024 + 17, in: folder)
        let body = try HTTPUploadBody.file(atPath: path)
        #expect(body.length == 3 * 1024 * 1024 + 17)
        let answer = try await post(body, contentType: "application/octet-stream")
        #expect(answer["contentLength"] as? String == "\(3 * 1024 * 1024 + 17)")
        #expect(answer["chunked"] as? Bool == false)
        #expect(answer["length"] as? Int == 3 * 1024 * 1024 + 17)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(answer["checksum"] as? String == Self.checksum(data))
    }

    @Test("a multipart form of text, a file and a file's contents arrives part by part with its length")
    func multipartBody() async throws {
        let folder = try TemporaryFolder(prefix: "hammock-upload")
        let photo = try Self.patternFile("photo.png", size: 700_001, in: folder)
        let notes = try folder.write("notes.txt", "first line\nsecond line\n")
        let form = HTTPMultipartForm(
            parts: [
                .init(name: "title", content: .data(Data("Holiday \"2024\"".utf8))),
                .init(name: "photo", filename: "a \"b\".png", contentType: "image/png", content: .file(path: photo)),
                .init(name: "notes", contentType: "text/plain", content: .file(path: notes)),
            ], boundary: "------------------------abc123")
        let body = try form.uploadBody()
        let answer = try await post(body, contentType: form.contentType)
        #expect(answer["contentLength"] as? String == "\(body.length)")
        #expect(answer["length"] as? Int == Int(body.length))
        let parts = try #require(answer["parts"] as? [[String: Any]])
        #expect(parts.count == 3)
        #expect(parts.map { $0["name"] as? String } == ["title", "photo", "notes"])
        #expect(parts[0]["text"] as? String == "Holiday \"2024\"")
        #expect(parts[0]["filename"] is NSNull)
        #expect(parts[0]["contentType"] is NSNull)
        #expect(parts[1]["filename"] as? String == "a %22b%22.png")
        #expect(parts[1]["contentType"] as? String == "image/png")
        #expect(parts[1]["length"] as? Int == 700_001)
        #expect(parts[1]["checksum"] as? String == Self.checksum(try Data(contentsOf: URL(fileURLWithPath: photo))))
        #expect(parts[2]["text"] as? String == "first line\nsecond line\n")
        #expect(parts[2]["filename"] is NSNull)
    }

    @Test("the transfer's progress counts the streamed body's real length")
    func progress() async throws {
        let server = try await SharedDemoServer.get()
        let folder = try TemporaryFolder(prefix: "hammock-upload")
        let path = try Self.patternFile("data.bin", size: 1_500_000, in: folder)
        var request = URLRequest(url: server.baseURL.appendingPathComponent("upload"))
        request.httpMethod = "PUT"
        request.httpBodyStream = HTTPUploadStream(try HTTPUploadBody.file(atPath: path))
        let done = NIOLockedValueBox<Result<HTTPExchangeResponse, HTTPFailure>?>(nil)
        let transfer = transport.start(request) { result in done.withLockedValue { $0 = result } }
        await waitUntil("the upload to finish") { done.withLockedValue { $0 } != nil }
        let response = try #require(try done.withLockedValue { $0 }?.get())
        #expect(response.statusCode == 200)
        #expect(transfer.progress.requestBytesTotal == 1_500_000)
        #expect(transfer.progress.requestBytesSent == 1_500_000)
    }

    @Test("a missing, unreadable or unsendable file is a sentence naming it, before anything is sent")
    func missingFile() throws {
        let folder = try TemporaryFolder(prefix: "hammock-upload")
        let missing = folder.path("nope.png")
        #expect(throws: HTTPUploadFailure(path: missing, problem: .missing)) {
            try HTTPUploadBody.file(atPath: missing)
        }
        #expect(
            HTTPUploadFailure(path: missing, problem: .missing).description == "The file \(missing) does not exist.")
        #expect(throws: HTTPUploadFailure(path: folder.path, problem: .folder)) {
            try HTTPUploadBody.file(atPath: folder.path)
        }
        #expect(throws: HTTPUploadFailure(path: "/dev/zero", problem: .notRegular)) {
            try HTTPUploadBody.file(atPath: "/dev/zero")
        }
        let form = HTTPMultipartForm(parts: [.init(name: "a", content: .file(path: missing))])
        #expect(throws: HTTPUploadFailure(path: missing, problem: .missing)) { try form.uploadBody() }
    }

    @Test("a file that shrinks after it was measured fails the exchange with a sentence naming it")
    func shrunkFile() async throws {
        let server = try await SharedDemoServer.get()
        let folder = try TemporaryFolder(prefix: "hammock-upload")
        let path = try Self.patternFile("data.bin", size: 2_000_000, in: folder)
        let body = try HTTPUploadBody.file(atPath: path)
        #expect(truncate(path, 1000) == 0)
        var request = URLRequest(url: server.baseURL.appendingPathComponent("upload"))
        request.httpMethod = "POST"
        request.timeoutInterval = TestTime.scaled(10)
        request.httpBodyStream = HTTPUploadStream(body)
        do {
            _ = try await transport.send(request)
            Issue.record("a shrunk file was sent")
        } catch {
            let failure = try #require(error.underlying as? HTTPUploadFailure)
            #expect(failure == HTTPUploadFailure(path: path, problem: .shrank(expected: 2_000_000, sent: 1000)))
            #expect(failure.description.contains(path))
        }
    }

    @Test("a 307 redirect sends the streamed body again, from its first byte")
    func redirectKeepsBody() async throws {
        let folder = try TemporaryFolder(prefix: "hammock-upload")
        let path = try Self.patternFile("data.bin", size: 40_000, in: folder)
        let answer = try await post(
            try HTTPUploadBody.file(atPath: path), contentType: "application/octet-stream",
            to: "redirect-to?url=/upload&status_code=307")
        #expect(answer["length"] as? Int == 40_000)
        #expect(answer["checksum"] as? String == Self.checksum(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test("any other input stream is sent chunked, once")
    func inputStream() async throws {
        let server = try await SharedDemoServer.get()
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        var request = URLRequest(url: server.baseURL.appendingPathComponent("upload"))
        request.httpMethod = "POST"
        request.httpBodyStream = InputStream(data: bytes)
        let response = try await transport.send(request)
        let answer = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        #expect(answer["chunked"] as? Bool == true)
        #expect(answer["length"] as? Int == 300_000)
        #expect(answer["checksum"] as? String == Self.checksum(bytes))
    }

    @Test("an upload stream reads its body for Foundation too, and again after open()")
    func foundationReading() throws {
        let folder = try TemporaryFolder(prefix: "hammock-upload")
        let file = try folder.write("a.txt", "file text")
        let body = HTTPUploadBody(segments: [
            .bytes(Data("head ".utf8)), .file(path: file, size: 9), .bytes(Data(" tail".utf8)),
        ])
        let stream = HTTPUploadStream(body)
        for _ in 0..<2 {
            stream.open()
            var read = Data()
            var buffer = [UInt8](repeating: 0, count: 4)
            while case let count = stream.read(&buffer, maxLength: buffer.count), count > 0 {
                read.append(contentsOf: buffer[..<count])
            }
            stream.close()
            #expect(String(decoding: read, as: UTF8.self) == "head file text tail")
        }
    }
}
