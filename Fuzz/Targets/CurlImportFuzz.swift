import Foundation

/// Reads the input as a curl command line; when it reads, renders the request back as curl and
/// reads that again: the method and URL must survive, and a multipart or file body with its kind.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCurlImport(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    guard let imported = try? CurlCommand.read(text) else {
        return 0
    }
    let rendered = CurlCommand.render(imported.definition, masked: false)
    guard let again = try? CurlCommand.parse(rendered) else {
        fatalError("the rendered command does not read back: \(rendered)")
    }
    if again.method != imported.definition.method {
        fatalError(
            "the method changed: \(imported.definition.method.debugDescription) → \(again.method.debugDescription) via \(rendered.debugDescription)"
        )
    }
    if again.url != imported.definition.url {
        fatalError(
            "the URL changed: \(imported.definition.url.debugDescription) → \(again.url.debugDescription) via \(rendered.debugDescription)"
        )
    }
    let kind = imported.definition.bodyKind
    if kind == .multipart || kind == .file, again.body != imported.definition.body || again.bodyKind != kind {
        fatalError(
            "the body changed: \(String(describing: imported.definition.body).debugDescription) → \(String(describing: again.body).debugDescription) via \(rendered.debugDescription)"
        )
    }
    return 0
}
