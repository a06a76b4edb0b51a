/// Reads the input as a `.http` file. A file that reads must come back byte for byte and read
/// back as the same document; each of its requests, written anew into an empty document, must
/// read back as itself (so the writer can hold everything the reader finds); replacing a
/// request by an edited copy must leave every byte outside its block alone. In hammock's
/// terms, what a response handler maps to must read as hammock's assertion and capture syntax,
/// giving a request back its own values must change nothing, and a request written from
/// hammock's values must read back as the same values.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPFile(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let document = try? HTTPFileDocument.parse(bytes: bytes, file: "fuzz.http") else {
        return 0
    }
    if Array(document.text.utf8) != bytes {
        fatalError("the text changed on the way back:\n\(bytes)\n\(Array(document.text.utf8))")
    }
    let again: HTTPFileDocument
    do {
        again = try HTTPFileDocument.parse(document.text, file: "fuzz.http")
    } catch {
        fatalError("a document's own text does not read: \(error)")
    }
    if again != document { fatalError("a document read twice differs") }
    var fresh = HTTPFileDocument()
    for request in document.requests.prefix(20) {
        do {
            fresh = try fresh.appending(request)
        } catch {
            fatalError("a request that was read cannot be written: \(error)\n\(request)")
        }
    }
    for request in document.requests.prefix(10) {
        let saved = request.toSaved()
        for assertion in saved.checks.assertions.dropFirst(request.checks.assertions.count) {
            do {
                _ = try RunAssertion.parse(assertion)
            } catch {
                fatalError("a handler gave an assertion that does not read: \(assertion): \(error)")
            }
        }
        for capture in saved.checks.captures.dropFirst(request.checks.captures.count) {
            do {
                _ = try RunQuery.parse(capture.query)
            } catch {
                fatalError("a handler gave a capture that does not read: \(capture.query): \(error)")
            }
        }
        if request.updated(name: saved.name, definition: saved.definition, checks: saved.checks) != request {
            fatalError("a request given back its own values changed:\n\(request)")
        }
        let written = HTTPFileRequest(name: saved.name, definition: saved.definition, checks: saved.checks)
        let back: HTTPFileSavedRequest
        do {
            back = try HTTPFileDocument().appending(written).requests[0].toSaved()
        } catch {
            fatalError("hammock's values of a request cannot be written: \(error)\n\(saved)")
        }
        if back.name != saved.name || back.definition != saved.definition || back.checks != saved.checks {
            fatalError("hammock's values changed on the way through a .http file:\n\(saved)\n\(back)")
        }
    }
    let blocks = document.blocks
    var blockIndex = 0
    for index in document.requests.indices.prefix(10) {
        while blocks[blockIndex].request == nil { blockIndex += 1 }
        var edited = document.requests[index]
        edited.url += "/edited"
        edited.headers.append(HeaderField(name: "X-Edited", value: "yes"))
        let replaced: HTTPFileDocument
        do {
            replaced = try document.replacing(requestAt: index, with: edited)
        } catch {
            fatalError("an edited request cannot be written back: \(error)\n\(edited)")
        }
        let before = blocks[..<blockIndex].map(\.text).joined()
        let after = blocks[(blockIndex + 1)...].map(\.text).joined()
        let text = Array(replaced.text.utf8)
        if !text.starts(with: Array(before.utf8)) || !text.reversed().starts(with: Array(after.utf8).reversed()) {
            fatalError("replacing a request changed bytes outside its block:\n\(document.text)\n\(replaced.text)")
        }
        blockIndex += 1
    }
    return 0
}
