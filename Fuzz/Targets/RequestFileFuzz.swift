import Foundation

/// Reads the input as a saved request's YAML file. A file that reads is written back and read
/// again: the request must come back the same (method, URL, header fields in order, body kind
/// and body, byte for byte), so saving never changes what will be sent.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestFile(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    guard let (name, definition) = try? RequestFile.decode(text) else {
        return 0
    }
    let written = RequestFile.encode(name: name ?? "unnamed", definition: definition)
    let again: (name: String?, definition: RequestDefinition)
    do {
        again = try RequestFile.decode(written)
    } catch {
        fatalError("a request written back does not read: \(error)\n\(written)")
    }
    if again.definition != definition || again.name != (name ?? "unnamed") {
        fatalError("a request changed on the way back:\n\(definition)\n\(again.definition)\n\(written)")
    }
    return 0
}
