import Foundation

/// Builds the input's document in one step and again through ``JSONStreamIndexer`` in chunks
/// whose sizes come from the input's first byte, and checks that both give the same entries or
/// the same error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONStreamIndexer(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let seed = start.load(as: UInt8.self)
    let text = Data(bytes: start + 1, count: count - 1)
    let whole = Result { () throws(JSONSyntaxError) in try JSONDocument(data: text) }
    let chunked = Result { () throws(JSONSyntaxError) -> JSONDocument in
        let indexer = JSONStreamIndexer(expectedCount: seed & 1 == 0 ? nil : Int(seed))
        var offset = 0
        var state = UInt32(seed) | 1
        while offset < text.count {
            // Sizes from 1 to 16 bytes, or one of 1..255 bytes for odd seeds above 127.
            state = state &* 1_103_515_245 &+ 12_345
            let size = seed >= 128 ? Int(seed - 127) : 1 + Int((state >> 16) % 16)
            let end = min(text.count, offset + size)
            try indexer.append(text[offset..<end])
            offset = end
        }
        return try indexer.finish()
    }
    switch (whole, chunked) {
    case (.failure(let expected), .failure(let error)):
        if expected != error { fatalError("chunked error \(error) differs from \(expected)") }
    case (.success(let expected), .success(let document)):
        let same =
            expected.tape.count == document.tape.count
            && (0..<expected.tape.count).allSatisfy { expected.tape[$0] == document.tape[$0] }
            && expected.depthCheckpoints == document.depthCheckpoints
            && expected.largeChildCounts == document.largeChildCounts && expected.tape.farLinks == document.tape.farLinks
            && expected.contentStart == document.contentStart && expected.data == document.data
        if !same { fatalError("chunked document differs") }
    default:
        fatalError("one build failed and the other did not: \(whole), \(chunked)")
    }
    return 0
}
