import Foundation
import Testing

@testable import OrderedJSON

@Suite("Bytes collected elsewhere, indexed as they arrive, give the document of the whole body")
struct JSONInPlaceIndexerTests {
    /// The document or error of `bytes` indexed in place as they grow by `size` bytes at a time,
    /// each time from a fresh copy, as a buffer that moves when it grows.
    private func inPlace(_ bytes: Data, size: Int) -> Outcome {
        Outcome { () throws(JSONSyntaxError) in
            let indexer = JSONInPlaceIndexer(expectedCount: bytes.count)
            var end = 0
            while end < bytes.count {
                end = min(bytes.count, end + size)
                if let failure = Self.advance(indexer, over: Array(bytes.prefix(end))) { throw failure }
            }
            return try indexer.finish(with: bytes)
        }
    }

    /// Advances `indexer` over `bytes`; the error, if it threw one.
    private static func advance(_ indexer: JSONInPlaceIndexer, over bytes: some ContiguousBytes) -> JSONSyntaxError? {
        bytes.withUnsafeBytes { raw -> JSONSyntaxError? in
            do throws(JSONSyntaxError) {
                try indexer.advance(over: raw)
                return nil
            } catch {
                return error
            }
        }
    }

    @Test("texts of every shape, valid or not, grown by 1, 7 and 4096 bytes")
    func texts() {
        for (index, text) in JSONStreamIndexerTests.texts.enumerated() {
            let bytes = Data(text.utf8)
            let expected = Outcome { () throws(JSONSyntaxError) in try JSONDocument(data: bytes) }
            // Each step copies every byte so far: byte by byte only for short texts.
            for size in bytes.count <= 2048 ? [1, 7, 4096] : [257, 4096] {
                let outcome = inPlace(bytes, size: size)
                #expect(outcome == expected, "text \(index) grown by \(size): \(outcome), not \(expected)")
            }
        }
    }

    @Test("an error stays, and the bytes are the caller's")
    func errorStays() throws {
        let indexer = JSONInPlaceIndexer()
        let bytes = Array("[1, x".utf8)
        let thrown = try #require(Self.advance(indexer, over: bytes))
        let error = try #require(indexer.error)
        #expect(thrown == error)
        #expect(error.offset == 4)
        #expect(bytes == Array("[1, x".utf8))
        #expect(throws: error) { try indexer.finish(with: Data("[1, x]".utf8)) }
    }

    @Test("entries grow with the bytes; finish over the same bytes keeps them without a copy")
    func growsAndKeeps() throws {
        let text = "[" + (0..<2000).map { "{\"id\":\($0)}" }.joined(separator: ",") + "]"
        let body = Data(text.utf8)
        let indexer = JSONInPlaceIndexer()
        #expect(Self.advance(indexer, over: body.prefix(body.count / 2)) == nil)
        #expect(indexer.entryCount > 1000)
        let document = try indexer.finish(with: body)
        #expect(document.data.withUnsafeBytes { $0.baseAddress } == body.withUnsafeBytes { $0.baseAddress })
        let path = try JSONPath("$[1999].id")
        #expect(path.select(in: document).count == 1)
    }
}
