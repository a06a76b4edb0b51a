import Foundation

/// Feeds the input to the event-stream parser whole and again split at a point the input
/// chooses; both must give the same events.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServerSentEvents(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    var whole = ServerSentEventParser(maximumEventSize: 4096)
    let wholeEvents = whole.feed(bytes) + whole.finish()
    var split = ServerSentEventParser(maximumEventSize: 4096)
    let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    let splitEvents = split.feed(bytes[..<cut]) + split.feed(bytes[cut...]) + split.finish()
    if wholeEvents != splitEvents {
        fatalError("splitting the input changed the events")
    }
    return 0
}
