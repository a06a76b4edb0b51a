import Foundation
import Testing

@testable import DemoAPI

@Suite("/upload: bodies read as they stream in, multipart parts described")
struct UploadRouteTests {
    static let body = [
        "preamble to ignore", "--XyZ", #"Content-Disposition: form-data; name="title""#, "", "Holiday",
        "--XyZ", #"Content-Disposition: form-data; name="photo"; filename="a %22b%22.png""#,
        "Content-Type: image/png", "", "\u{1}\u{2}binary\r\n--Xy\r\n-", "--XyZ--", "epilogue",
    ].joined(separator: "\r\n")

    @Test("a multipart body is answered part by part: names, file names, types, lengths, checksums, short text")
    func multipart() async throws {
        try await DemoHarness.run { harness in
            let reply = try await harness.send(
                .POST, "/upload", headers: [("Content-Type", "multipart/form-data; boundary=XyZ")],
                body: Data(Self.body.utf8))
            #expect(reply.status == 200)
            let answer = try reply.object()
            #expect(answer["length"] as? Int == Self.body.utf8.count)
            #expect(answer["contentLength"] as? String == "\(Self.body.utf8.count)")
            let parts = try #require(answer["parts"] as? [[String: Any]])
            #expect(parts.count == 2)
            #expect(parts[0]["name"] as? String == "title")
            #expect(parts[0]["text"] as? String == "Holiday")
            #expect(parts[0]["filename"] is NSNull)
            #expect(parts[1]["filename"] as? String == "a %22b%22.png")
            #expect(parts[1]["contentType"] as? String == "image/png")
            let content = "\u{1}\u{2}binary\r\n--Xy\r\n-"
            #expect(parts[1]["length"] as? Int == content.utf8.count)
            var checksum = UploadChecksum()
            checksum.add(Array(content.utf8))
            #expect(parts[1]["checksum"] as? String == checksum.hex)
        }
    }

    @Test("a body that is not multipart is counted, and a broken multipart one is a 400 saying why")
    func plainAndBroken() async throws {
        try await DemoHarness.run { harness in
            let plain = try await harness.send(.PUT, "/upload/x", body: Data("12345".utf8)).object()
            #expect(plain["length"] as? Int == 5)
            #expect(plain["parts"] is NSNull)
            #expect(plain["method"] as? String == "PUT")
            let broken = try await harness.send(
                .POST, "/upload", headers: [("Content-Type", "multipart/form-data; boundary=XyZ")],
                body: Data("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nno end".utf8))
            #expect(broken.status == 400)
            #expect(String(decoding: broken.body, as: UTF8.self).contains("before its closing boundary"))
            let noBoundary = try await harness.send(
                .POST, "/upload", headers: [("Content-Type", "multipart/form-data")], body: Data("x".utf8))
            #expect(noBoundary.status == 400)
        }
    }

    @Test("the reader gives the same parts however the body is split", arguments: [1, 2, 3, 7, 64])
    func splitAnywhere(_ size: Int) throws {
        var whole = MultipartStreamReader(boundary: "XyZ")
        try whole.feed(Array(Self.body.utf8))
        let expected = try whole.finish()
        var pieces = MultipartStreamReader(boundary: "XyZ")
        let bytes = Array(Self.body.utf8)
        for start in stride(from: 0, to: bytes.count, by: size) {
            try pieces.feed(bytes[start..<min(bytes.count, start + size)])
        }
        #expect(try pieces.finish() == expected)
        #expect(expected.map(\.name) == ["title", "photo"])
    }

    @Test("the checksum does not depend on how the bytes were split")
    func checksumSplit() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        var whole = UploadChecksum()
        whole.add(bytes)
        for size in [1, 3, 8, 9, 999] {
            var split = UploadChecksum()
            for start in stride(from: 0, to: bytes.count, by: size) {
                split.add(bytes[start..<min(bytes.count, start + size)])
            }
            #expect(split.hex == whole.hex)
            #expect(split.count == 1000)
        }
        var other = UploadChecksum()
        other.add(bytes.dropLast() + [0])
        #expect(other.hex != whole.hex)
    }
}
