import Foundation

/// Reads the input as `Link` header values (split at line breaks) and resolves every link's
/// target against a base URL, as description discovery does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLinkHeader(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let values = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let header = LinkHeader(values)
    precondition(header.links.count <= LinkHeader.maximumLinks * max(1, values.count))
    let base = URL(string: "http://api.example.com:8080/v1/users")!
    _ = DescriptionDiscovery.linked(in: values, of: base)
    return 0
}
