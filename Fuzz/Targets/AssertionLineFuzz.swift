import Foundation
import OrderedJSON

/// Reads the input as an assertion line and as a capture query. A line that reads must hold a
/// query that reads back from its own description; an error must point inside the line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAssertionLine(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let length = text.unicodeScalars.count
    do {
        let assertion = try RunAssertion.parse(text)
        if case .compare(let query, _, _, _, let value) = assertion.kind {
            guard (try? RunQuery.parse(query.description)) == query else {
                fatalError("the query \(query) does not read back from “\(query.description)”")
            }
            if let value {
                let filled = RunExpectedValue.value(value, fill: { $0 })
                _ = filled.json
                _ = filled.equals(filled)
            }
        }
    } catch {
        guard error.column >= 1, error.column <= length + 1 else {
            fatalError("column \(error.column) is outside a line of \(length) scalars: \(error.reason)")
        }
    }
    if let query = try? RunQuery.parse(text), (try? RunQuery.parse(query.description)) != query {
        fatalError("the capture query \(query) does not read back")
    }
    return 0
}
