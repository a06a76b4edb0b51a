import Foundation

/// Parses the input as a JSON document; when it parses, walks every entry, decodes keys and
/// strings, and checks that the pretty-printed text parses to as many entries.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONDocument(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let document = try? JSONDocument(data: Data(bytes: start, count: count)) else {
        return 0
    }
    for entry in 0..<document.entryCount {
        _ = document.kind(entry)
        _ = document.key(entry)
        _ = document.string(entry)
        _ = document.rawText(entry)
        _ = document.parent(of: entry)
        _ = document.nextSibling(of: entry)
    }
    if let pretty = document.prettyPrinted() {
        guard let again = try? JSONDocument(pretty) else {
            fatalError("the pretty-printed text does not parse")
        }
        if again.entryCount != document.entryCount {
            fatalError("pretty printing changed the entry count")
        }
    }
    return 0
}
