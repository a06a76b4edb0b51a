import Foundation
import Testing

@testable import OrderedJSON

/// What a build produced: every index structure of the document, or the error (shared by the
/// tests of the indexers that build while bytes arrive).
enum Outcome: Equatable, CustomStringConvertible {
    case document(
        words: [UInt64], checkpoints: [Int32], counts: [Int: Int], farLinks: [Int: Int], start: Int, bytes: Data)
    case error(JSONSyntaxError)

    init(_ build: () throws(JSONSyntaxError) -> JSONDocument) {
        do throws(JSONSyntaxError) {
            let document = try build()
            let tape = document.tape
            self = .document(
                words: (0..<tape.count).map { tape[$0] },
                checkpoints: document.depthCheckpoints, counts: document.largeChildCounts, farLinks: tape.farLinks,
                start: document.contentStart, bytes: document.data)
        } catch {
            self = .error(error)
        }
    }

    var description: String {
        switch self {
        case .document(let words, _, _, _, let start, let bytes):
            return "document of \(words.count) entries from \(start) over \(bytes.count) bytes"
        case .error(let error): return "error at \(error.offset): \(error)"
        }
    }
}

/// A reproducible source of chunk sizes (SplitMix64).
struct SplitSizes {
    var state: UInt64

    mutating func next(upTo limit: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return 1 + Int(z % UInt64(limit))
    }
}

@Suite("Chunks indexed as they arrive give the document of the whole body")
struct JSONStreamIndexerTests {
    /// Valid and invalid texts of every shape, with tokens that chunk ends can cut.
    static let texts: [String] = [
        "", " ", "  \n ", "1", "-", "-0", "0", "01", "-0.5e+3", "1.", "1e", "1e+", "1.5E-7", "12345678901234567890",
        "true", "tru", "truex", "false", "fals", "null", "nul", "nulll", "x", "{", "[", "\"", "\"open", "{}", "[]",
        "{ }", "[ \n ]", "{}x", "[1 2]", "[1,]", "[01]", "[1.]", "[1e]", "[-]", "[\u{1B}]", "{\"a\" 1}", "{\"a\": tru}",
        "{\n  \"a\": 1,\n}", "[1] x", "[1]   ", "[\"a\u{1}\"]", #"["\x"]"#, #"["\u12"]"#, #"["\u12g4"]"#,
        #""\u00e9""#, #""\uD83D\uDE00""#, #""a\"b\\c\/d\b\f\n\r\t""#, "{\"é\": 1 é}", "[é]", "[\"é\" é]", "{\"a\":é}",
        "[\"\\é\"]", "[\"\\😀\"]", "[😀]", "\u{FEFF}[1]", "\u{FEFF}", "\u{FEFF} x",
        "[1, {\"a\": [1, {}, []], \"b\": {\"c\": null}}]",
        #"{"z": 1, "a": 2, "m": {"b": 3, "b": 4}, "a": 5}"#,
        #"{ "url" : "http:\/\/x\u00e9" , "list":[ 1 ,2 ], "e" : { } }"#,
        "[" + String(repeating: " ", count: 100) + "1" + String(repeating: "\n        ", count: 40) + "]",
        "\"" + String(repeating: "long string with \\n escapes and é ", count: 400) + "\"",
        "\"" + String(repeating: "unterminated ", count: 400),
        String(repeating: "[", count: 3000) + String(repeating: "]", count: 3000),
        String(repeating: "[", count: 3000) + String(repeating: "]", count: 2999),
        String(repeating: "{\"k\":", count: 500) + "0" + String(repeating: "}", count: 500),
        "[" + (0..<5000).map(String.init).joined(separator: ",") + "]",
        "[" + String(repeating: "9", count: 5000) + "]", "[" + String(repeating: "9", count: 5000) + ".",
        "[1.5" + String(repeating: "0", count: 3000) + "e-" + String(repeating: "1", count: 3000) + "]",
    ]

    /// The JSON files of the conformance suites (the JSONPath suite and the JSON Schema suite).
    static func corpus() throws -> [Data] {
        let tests = try #require(JSONPathConformanceTests.suiteFolder()?.deletingLastPathComponent())
        let files = try #require(FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil))
        var documents: [Data] = []
        for case let file as URL in files where file.pathExtension == "json" {
            documents.append(try Data(contentsOf: file))
        }
        return documents
    }

    /// The document or error of the whole text at once.
    private func oneShot(_ bytes: Data) -> Outcome {
        Outcome { () throws(JSONSyntaxError) in try JSONDocument(data: bytes) }
    }

    /// The document or error of the text appended in chunks of the sizes `sizes` gives.
    private func chunked(_ bytes: Data, expectedCount: Int? = nil, sizes: () -> Int) -> Outcome {
        Outcome { () throws(JSONSyntaxError) in
            let indexer = JSONStreamIndexer(expectedCount: expectedCount)
            var offset = bytes.startIndex
            while offset < bytes.endIndex {
                let end = min(bytes.endIndex, offset + sizes())
                try indexer.append(bytes[offset..<end])
                offset = end
            }
            return try indexer.finish()
        }
    }

    /// Checks every split of `bytes` against the one-shot build.
    private func checkSplits(_ bytes: Data, name: String, seed: UInt64) {
        let expected = oneShot(bytes)
        // Tiny chunks of large files only repeat what the short texts cover, at great cost.
        for size in bytes.count <= 2048 ? [1, 2, 7, 64, 4096] : [64, 4096] {
            let outcome = chunked(bytes) { size }
            #expect(outcome == expected, "\(name) in chunks of \(size): \(outcome), not \(expected)")
        }
        var random = SplitSizes(state: seed)
        let outcome = chunked(bytes, expectedCount: bytes.count) { random.next(upTo: 300) }
        #expect(outcome == expected, "\(name) in random chunks (seed \(seed)): \(outcome), not \(expected)")
    }

    @Test("texts of every shape, valid or not, in chunks of 1, 2, 7, 64, 4096 bytes and random ones")
    func texts() {
        for (index, text) in Self.texts.enumerated() {
            checkSplits(Data(text.utf8), name: "text \(index) \(text.prefix(40).debugDescription)", seed: UInt64(index))
        }
    }

    @Test("the conformance suites' JSON files, whole, cut short and with a byte changed")
    func corpusFiles() async throws {
        let documents = try Self.corpus()
        #expect(documents.count > 100)
        var random = SplitSizes(state: 42)
        for (index, document) in documents.enumerated() {
            // A file at a time, so that the other tests' work is not held up for seconds.
            await Task.yield()
            checkSplits(document, name: "file \(index)", seed: UInt64(index))
            guard document.count > 2 else { continue }
            let cut = random.next(upTo: document.count - 1)
            checkSplits(document.prefix(cut), name: "file \(index) cut at \(cut)", seed: UInt64(index))
            var changed = document
            let position = random.next(upTo: document.count) - 1
            changed[position] = Array("\"\\]}:,0e.x \u{1}é".utf8)[random.next(upTo: 14) - 1]
            checkSplits(changed, name: "file \(index) changed at \(position)", seed: UInt64(index))
        }
    }

    @Test("an invalid chunk throws from append, and the error stays")
    func errorAtAppend() throws {
        let indexer = JSONStreamIndexer()
        try indexer.append(Data("[1, ".utf8))
        #expect(indexer.entryCount == 2)
        #expect(throws: JSONSyntaxError(line: 1, column: 5, offset: 4, reason: "expected a value but found \"x\"")) {
            try indexer.append(Data("x]".utf8))
        }
        #expect(throws: JSONSyntaxError(line: 1, column: 5, offset: 4, reason: "expected a value but found \"x\"")) {
            try indexer.append(Data("]".utf8))
        }
        #expect(throws: JSONSyntaxError(line: 1, column: 5, offset: 4, reason: "expected a value but found \"x\"")) {
            _ = try indexer.finish()
        }
    }

    @Test("a text cut short throws from finish, not from append")
    func errorAtFinish() throws {
        let indexer = JSONStreamIndexer()
        try indexer.append(Data("{\"a\": [1, 2".utf8))
        #expect(
            throws: JSONSyntaxError(
                line: 1, column: 12, offset: 11, reason: "expected \",\" or \"]\" but found end of input")
        ) {
            _ = try indexer.finish()
        }
    }

    @Test("entries are indexed while the chunks arrive, and the document keeps the bytes")
    func indexedWhileArriving() throws {
        let items = (0..<1000).map { #"{"id":\#($0),"name":"item \#($0)"}"# }
        let text = Data(("[" + items.joined(separator: ",") + "]").utf8)
        let indexer = JSONStreamIndexer(expectedCount: text.count)
        try indexer.append(text.prefix(text.count / 2))
        #expect(indexer.byteCount == text.count / 2)
        #expect(indexer.entryCount > 1000)
        try indexer.append(text.dropFirst(text.count / 2))
        let document = try indexer.finish()
        #expect(document.data == text)
        #expect(document.childCount(of: document.root) == 1000)
        let last = try #require(document.child(of: document.root, index: 999))
        #expect(document.child(of: last, key: "name").flatMap(document.string) == "item 999")
    }

    @Test(
        "long strings, numbers and whitespace fed a byte at a time are read once, not again at every chunk",
        .timeLimit(.minutes(1)))
    func longTokensInTinyChunks() async throws {
        // Linear work is 4 × 128 KiB appends; reading a token again at every chunk would be
        // billions of steps, far past the time limit.
        let length = 1 << 17
        let texts = [
            "[\"" + String(repeating: "abcd", count: length / 4) + "\"]",
            "[\"" + String(repeating: "abc\\n", count: length / 5) + "\"]",
            "[" + String(repeating: "7", count: length) + "]",
            "[" + String(repeating: " ", count: length) + "1]",
        ]
        for text in texts {
            await Task.yield()
            let bytes = Data(text.utf8)
            let indexer = JSONStreamIndexer(expectedCount: bytes.count)
            try bytes.withUnsafeBytes { raw in
                for offset in 0..<raw.count {
                    try indexer.append(UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + 1)]))
                }
            }
            let document = try indexer.finish()
            #expect(document.entryCount == 3)
            #expect(document.valueRange(1).count == (text.utf8.count - 2) - (text.hasPrefix("[ ") ? length : 0))
        }
    }

    @Test("a body larger than expected, or with no size given, grows its block; a huge size is not taken at its word")
    func growing() throws {
        let text = Data(("[" + (0..<20000).map { "\"\($0)\"" }.joined(separator: ",") + "]").utf8)
        for expected in [nil, 10, text.count, Int.max / 2] {
            let outcome = chunked(text, expectedCount: expected) { 1000 }
            #expect(outcome == oneShot(text), "expected \(expected.map(String.init) ?? "nil")")
        }
    }
}
