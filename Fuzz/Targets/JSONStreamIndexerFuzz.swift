import Foundation

/// Builds the input's document in one step, again through ``JSONStreamIndexer`` in chunks whose
/// sizes come from the input's first byte, and again through ``JSONInPlaceIndexer`` over prefixes
/// growing by the same sizes (each in a fresh copy, as a buffer that moves), and checks that all
/// give the same entries or the same error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONStreamIndexer(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let seed = start.load(as: UInt8.self)
    let text = Data(bytes: start + 1, count: count - 1)
    let whole = Result { () throws(JSONSyntaxError) in try JSONDocument(data: text) }
    let chunked = Result { () throws(JSONSyntaxError) -> JSONDocument in
        let indexer = JSONStreamIndexer(expectedCount: seed & 1 == 0 ? nil : Int(seed))
        var offset = 0
        let nextSize = chunkSizes(seed: seed)
        while offset < text.count {
            let end = min(text.count, offset + nextSize())
            try indexer.append(text[offset..<end])
            offset = end
        }
        return try indexer.finish()
    }
    let inPlace = Result { () throws(JSONSyntaxError) -> JSONDocument in
        let indexer = JSONInPlaceIndexer(expectedCount: seed & 1 == 0 ? nil : Int(seed))
        var end = 0
        let nextSize = chunkSizes(seed: seed)
        while end < text.count {
            end = min(text.count, end + nextSize())
            let failure = Array(text.prefix(end)).withUnsafeBytes { raw -> JSONSyntaxError? in
                do throws(JSONSyntaxError) {
                    try indexer.advance(over: raw)
                    return nil
                } catch {
                    return error
                }
            }
            if let failure { throw failure }
        }
        return try indexer.finish(with: text)
    }
    check(whole, chunked, "chunked")
    check(whole, inPlace, "in place")
    return 0
}

/// The chunk sizes for an input whose first byte is `seed`: from 1 to 16 bytes, or one size of
/// 1...128 bytes for seeds above 127.
func chunkSizes(seed: UInt8) -> () -> Int {
    var state = UInt32(seed) | 1
    return {
        state = state &* 1_103_515_245 &+ 12_345
        return seed >= 128 ? Int(seed - 127) : 1 + Int((state >> 16) % 16)
    }
}

/// Stops the run when `built` differs from `whole` (`how` names the way it was built).
func check(
    _ whole: Result<JSONDocument, JSONSyntaxError>, _ built: Result<JSONDocument, JSONSyntaxError>, _ how: String
) {
    switch (whole, built) {
    case (.failure(let expected), .failure(let error)):
        if expected != error { fatalError("\(how) error \(error) differs from \(expected)") }
    case (.success(let expected), .success(let document)):
        let same =
            expected.tape.count == document.tape.count
            && (0..<expected.tape.count).allSatisfy { expected.tape[$0] == document.tape[$0] }
            && expected.depthCheckpoints == document.depthCheckpoints
            && expected.largeChildCounts == document.largeChildCounts
            && expected.tape.farLinks == document.tape.farLinks
            && expected.contentStart == document.contentStart && expected.data == document.data
        if !same { fatalError("\(how) document differs") }
    default:
        fatalError("one build failed and the other did not (\(how)): \(whole), \(built)")
    }
}
