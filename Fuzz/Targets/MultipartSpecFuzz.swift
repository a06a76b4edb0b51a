import Foundation

/// Reads each line of the input as a multipart part in curl's `-F` syntax (and, when the first
/// byte is odd, as `--form-string`); a part that reads is written back with `spec` and read
/// again: it must come back the same, so curl export, saved requests and forms never change a
/// part.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMultipartSpec(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let literal = count > 0 && start.load(as: UInt8.self) & 1 == 1
    var parts: [MultipartPart] = []
    for line in text.split(separator: "\n") {
        guard let part = try? MultipartPart(spec: String(line), literal: literal) else { continue }
        if part.spec.contains(where: \.isNewline) { continue }
        let again: MultipartPart
        do {
            again = try MultipartPart(spec: part.spec)
        } catch {
            fatalError("a part written back does not read: \(part.spec.debugDescription): \(error)")
        }
        if again != part {
            fatalError("a part changed on the way back: \(part) → \(again) via \(part.spec.debugDescription)")
        }
        parts.append(part)
    }
    let body = parts.map(\.spec).joined(separator: "\n")
    guard let read = try? MultipartPart.parts(inBody: body), read == parts else {
        fatalError("the parts written as a body do not read back: \(body.debugDescription)")
    }
    return 0
}
