import Foundation

/// Parses the input as a `{{variable}}` template, renders it with and without values, and
/// checks that rendering without values keeps every placeholder (when no escaped `{{` would
/// turn into one).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let template = Template(text)
    _ = template.render { "<\($0.placeholder)>" }
    // Escaped braces come out as plain `{{`, so only a template without them must round-trip.
    guard !template.literalText.contains("{{") else {
        return 0
    }
    let kept = template.render { _ in nil }
    if !(Template(kept).references.map(\.placeholder) == template.references.map(\.placeholder)) {
        fatalError("rendering without values lost a placeholder")
    }
    return 0
}
