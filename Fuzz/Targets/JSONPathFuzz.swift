import Foundation

/// A small document with every kind of value, repeated names, escapes and numbers written in
/// several ways, for the queries to run over.
private let fuzzText = #"""
    {"store": {"book": [{"title": "Sayings", "price": 8.95, "tags": ["a", "b"]},
                        {"title": "Caf\u00e9 \"noir\"", "price": 1e1, "isbn": null},
                        {"title": "ok", "price": 12, "price": -0.5, "x": {"y": [1, [2, [3]]]}}],
               "bicycle": {"color": "red", "price": 19.95, "empty": {}, "none": []}},
     "it's": true, "": false, "\n\t": "\ud83d\ude00 ab\\c", "numbers": [1, 1.0, 10e-1, -3, 9007199254740993],
     "regex": "a.c", "words": ["abc", "axc", "a\nc", "ABC", "Жж"]}
    """#

/// Steps a query may take over the small document. RFC 9535 keeps duplicate nodes, so a query
/// such as `$..*..*..*..*..*..*` selects exponentially many; such runs are cut short.
private let fuzzWorkLimit = 2_000_000

/// Parses the input as a JSONPath expression; when it parses, runs it over a small document and,
/// when that finishes within the work limit, checks that `select` gives the same nodes and that
/// every node has a normalized path.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONPath(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let expression = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let path: JSONPath
    do {
        path = try JSONPath(expression)
    } catch {
        if error.offset < 0 || error.offset > expression.utf8.count || error.column < 1 || error.reason.isEmpty {
            fatalError("a syntax error outside the expression: \(error)")
        }
        return 0
    }
    // Built for each input: a global would keep it alive in a way LeakSanitizer reports.
    let document = try! JSONDocument(fuzzText)
    var streamed: [Int] = []
    let finished = path.run(in: document, checksCancellation: false, workLimit: fuzzWorkLimit) { entry in
        streamed.append(entry)
        return true
    }
    guard finished else { return 0 }
    let nodes = path.select(in: document)
    if streamed != nodes.map(\.entry) { fatalError("select and a run disagree") }
    for node in nodes {
        if node.entry < 0 || node.entry >= document.entryCount || document.kind(node.entry).isClosing {
            fatalError("selected a closing bracket or an entry outside the document")
        }
        if !node.normalizedPath.hasPrefix("$") { fatalError("a normalized path without $") }
    }
    return 0
}
