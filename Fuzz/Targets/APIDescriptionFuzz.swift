import Foundation
import OrderedJSON

/// Reads the input as an API description (JSON or YAML). Files its `$ref`s name are the same
/// input again (a few times, then unreadable), so references between documents and their
/// cycles are exercised too. A description that reads is then used: each operation is looked
/// up by a URL made from its own path, and an example is written for every parameter and
/// every schema, each body example having to be JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAPIDescription(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    var loads = 0
    let source = URL(string: "https://api.example.com/specs/openapi.yaml")
    let read = try? APIDescription.parse(data, sourceURL: source) { _ in
        loads += 1
        guard loads <= 3 else { throw URLError(.fileDoesNotExist) }
        return data
    }
    guard let description = read else {
        return 0
    }
    _ = description.warnings.joined()
    for operation in description.operations.prefix(20) {
        let path = operation.path.replacingOccurrences(of: "{", with: "x").replacingOccurrences(of: "}", with: "")
        if let url = URL(string: "https://api.example.com/v1" + path) {
            _ = description.operation(method: operation.method, url: url)
        }
        for parameter in operation.parameters.prefix(10) {
            _ = SchemaExample.value(for: parameter, in: description)
        }
        let contents = (operation.requestBody?.contents ?? []) + operation.responses.flatMap(\.contents)
        for schema in contents.prefix(10).compactMap(\.schema) {
            guard let body = SchemaExample.body(for: schema, in: description) else { continue }
            if (try? JSONDocument(body)) == nil {
                fatalError("an example body is not JSON:\n\(body)")
            }
        }
    }
    for server in description.servers.prefix(5) {
        _ = server.resolvedURL()
    }
    return 0
}
