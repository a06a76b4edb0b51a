/// A JSONPath query (RFC 9535), parsed once and run over any number of ``JSONDocument``s.
///
/// The whole of RFC 9535: `$` and `@`; child and descendant segments (`.name`, `..name`, `[…]`,
/// `..[…]`, `.*`, `..*`); name, wildcard, index (negative too), slice (`[start:end:step]`, with
/// the RFC's defaults and negative steps) and filter selectors; in filters, comparisons
/// (`== != < <= > >=`), `&&`, `||`, `!`, parentheses, existence tests and literals; and the
/// functions `length`, `count`, `match`, `search` and `value`, whose types are checked when the
/// expression is parsed (§2.4.3). `match` and `search` take I-Regexp (RFC 9485), matched on
/// Unicode scalars by an automaton that takes time linear in the string's length whatever the
/// pattern (nested repetition such as `(a*)*b` included); a pattern that is not I-Regexp makes
/// them false, as the RFC says, and so does one beyond the limits given in ``IRegexp``.
///
/// ```swift
/// let document = try JSONDocument(data: body)
/// let path = try JSONPath("$.items[?@.price < 10].id")
/// for node in path.select(in: document) {
///     print(node.normalizedPath, document.rawText(node.entry))   // $['items'][3]['id'] 17
/// }
/// ```
///
/// Results come in the RFC's order: for each node a segment starts from, its selectors in
/// order, each selecting children in document order (a slice with a negative step goes
/// backwards); a descendant segment visits a node and then its descendants in document order.
/// Nothing is deduplicated: `$[0, 0]` gives the same node twice.
///
/// How values compare: numbers by mathematical value (`1 == 1.0`, `1.10 == 1.1`, `1e2 == 100`;
/// exact for integers that fit in `Int64`, `Double` otherwise), while the document still shows
/// each number as sent; strings by Unicode scalar values; arrays and objects structurally.
///
/// Repeated member names (which JSON allows and a ``JSONDocument`` keeps): a name selector
/// selects every member with that name, in document order, so `$.a` on `{"a": 1, "a": 2}`
/// gives both. Where a single value is needed (a singular query such as `@.a` in a comparison
/// or as an argument of `length`), the first member with the name is used.
///
/// Evaluation reads the document's index and bytes in place: keys and strings without escapes
/// are compared without decoding, and nothing is allocated per visited value. A path is a
/// value, so it can be shared between tasks.
public struct JSONPath: Sendable, CustomStringConvertible {
    /// The expression as given.
    public let expression: String
    let query: JSONPathQuery
    /// How many filters are nested in other filters (see ``JSONPathEvaluator``).
    let memoCount: Int

    /// Parses an expression.
    ///
    /// - Throws: ``JSONPathSyntaxError`` with the byte offset and a sentence, for anything the
    ///   RFC's grammar does not allow (including blank space at the start or the end, which it
    ///   does not allow either) and for filters that are not well typed: `$[?@.* == 1]`
    ///   compares a query that can select several nodes, `$[?length(@)]` uses a value as a
    ///   test, `$[?count(1) > 0]` passes a literal where a query is needed. Indexes and slice
    ///   bounds must be within ±(2^53 − 1). Filters, parentheses and function calls may nest
    ///   64 deep.
    public init(_ expression: String) throws(JSONPathSyntaxError) {
        var parser = JSONPathParser(expression)
        query = try parser.parse()
        memoCount = parser.memoCount
        self.expression = expression
    }

    /// The expression.
    public var description: String { expression }

    /// True for a singular query (RFC 9535 §2.3.5.1): only name and index selectors, one per
    /// segment, no descendant segments, so it selects at most one node (`$.items[0].id`).
    public var isSingular: Bool { query.isSingular }

    /// All the nodes the query selects in `document`, in the RFC's order (see ``JSONPath``).
    ///
    /// ```swift
    /// let document = try JSONDocument(#"{"a": [1, 2, 3]}"#)
    /// try JSONPath("$.a[-1]").select(in: document).map { document.rawText($0.entry) }   // ["3"]
    /// ```
    public func select(in document: JSONDocument) -> [JSONPathNode] {
        var nodes: [JSONPathNode] = []
        run(in: document, checksCancellation: false) { entry in
            nodes.append(JSONPathNode(document: document, entry: entry))
            return true
        }
        return nodes
    }

    /// Hands each selected node to `body` as soon as it is found, in the same order as
    /// ``select(in:)``, until `body` returns false or the current task is cancelled.
    ///
    /// Meant for large documents behind a user interface: the first matches arrive long before
    /// the walk ends, and `Task.isCancelled` is checked at the start and every few thousand
    /// values visited, so a cancelled search stops within a fraction of a millisecond. (One
    /// `match` or `search` on a long string is not interrupted.)
    ///
    /// ```swift
    /// let task = Task {
    ///     path.forEachMatch(in: document) { node in
    ///         show(node)
    ///         return shown.count < 1000
    ///     }
    /// }
    /// ```
    ///
    /// - Returns: true when every match was handed over; false when `body` stopped it or the
    ///   task was cancelled.
    @discardableResult
    public func forEachMatch(in document: JSONDocument, _ body: (JSONPathNode) -> Bool) -> Bool {
        run(in: document, checksCancellation: true) { body(JSONPathNode(document: document, entry: $0)) }
    }

    /// Runs the query, handing each selected entry to `emit` (false stops it); false when stopped
    /// by `emit`, by cancellation or by `workLimit` (steps, about one for each value visited and
    /// one for each thread of a regular expression at each scalar, checked every 16,384; for
    /// fuzzing).
    @discardableResult
    func run(
        in document: JSONDocument, checksCancellation: Bool, workLimit: Int = .max, _ emit: (Int) -> Bool
    ) -> Bool {
        document.withBytes { bytes in
            let evaluator = JSONPathEvaluator(
                document: document, bytes: bytes, memoCount: memoCount, checksCancellation: checksCancellation,
                workLimit: workLimit)
            return evaluator.run(query.segments, from: document.root, emit)
        }
    }
}
