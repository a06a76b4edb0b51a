/// A parsed JSON value shown as pretty-printed, foldable, searchable lines, laid out lazily.
///
/// Building a document is O(1): nothing is formatted until a line is asked for. `line(_:)`
/// materialises only the nodes on the path to that line, so showing the first screen of a
/// 10 MB array costs a few dozen nodes. The total line count (`lineCount`) walks the whole value
/// once and is cached until a fold changes; callers that only scroll should use `hasLine(_:)`.
///
/// Objects show their keys sorted (the parsed dictionary has no order). Documents are classes
/// holding fold state and caches; they are used on one actor at a time.
public final class JSONDocument {
    /// The root node.
    public let root: JSONNode
    private var searchCache: (query: String, paths: [[Int]])?

    /// The most matches a search collects.
    public static let maximumMatches = 10_000

    /// Wraps a parsed JSON value (`[String: Any]`, `[Any]` or a scalar).
    public init(_ value: Any) {
        root = JSONNode(value: value, key: nil, depth: 0, parent: nil, indexInParent: 0)
    }

    /// Total display lines (may walk the whole document the first time).
    public var lineCount: Int { root.lineCount }

    /// True if line `index` exists (walks only as far as needed).
    public func hasLine(_ index: Int) -> Bool { root.locate(index) != nil }

    /// The display line at `index`, or nil past the end.
    public func line(_ index: Int) -> JSONLine? {
        guard let (node, isClosing) = root.locate(index) else { return nil }
        let comma = node.parent.map { node.indexInParent < $0.childCount - 1 } ?? false
        let open: Character = node.kind == .object ? "{" : "["
        let close: Character = node.kind == .object ? "}" : "]"
        if isClosing {
            return JSONLine(node: node, depth: node.depth, key: nil, content: .close(close), hasTrailingComma: comma)
        }
        let content: JSONLine.Content
        if node.isContainer {
            if node.childCount == 0 {
                content = .empty("\(open)\(close)")
            } else if node.isFolded {
                let noun =
                    node.kind == .object
                    ? (node.childCount == 1 ? "key" : "keys") : (node.childCount == 1 ? "item" : "items")
                content = .folded("\(open)…\(close)", summary: "\(node.childCount) \(noun)")
            } else {
                content = .open(open)
            }
        } else {
            content = .scalar(JSONValueKind.scalarText(node.value), node.kind)
        }
        let commaHere = content == .open(open) ? false : comma
        return JSONLine(node: node, depth: node.depth, key: node.key, content: content, hasTrailingComma: commaHere)
    }

    /// The first display line of `node`.
    public func lineNumber(of node: JSONNode) -> Int {
        guard let parent = node.parent else { return 0 }
        return lineNumber(of: parent) + parent.lineOffset(ofChild: node.indexInParent)
    }

    /// Folds or unfolds the container on line `index`; returns false if that line is not a
    /// non-empty container. Folding from a closing line folds its container too.
    @discardableResult
    public func toggleFold(atLine index: Int) -> Bool {
        guard let (node, _) = root.locate(index), node.isContainer, node.childCount > 0 else { return false }
        setFolded(node, !node.isFolded)
        return true
    }

    /// Folds or unfolds a node, updating cached counts.
    public func setFolded(_ node: JSONNode, _ folded: Bool) {
        guard node.isContainer, node.isFolded != folded else { return }
        node.isFolded = folded
        node.foldChanged()
    }

    /// Folds every container at `depth` (and below) so the top levels fit on screen.
    public func foldAll(atDepth depth: Int) {
        func visit(_ node: JSONNode) {
            guard node.isContainer else { return }
            if node.depth >= depth {
                setFolded(node, true)
                return
            }
            for index in 0..<node.childCount where JSONValueKind.of(node.childValue(index).value).isContainer {
                visit(node.child(index))
            }
        }
        visit(root)
    }

    /// A link-like string on line `index`: a scalar string that is an absolute http(s) URL or a
    /// root-relative path (`/users/1`). Nil otherwise.
    public func link(atLine index: Int) -> String? {
        guard let (node, isClosing) = root.locate(index), !isClosing, node.kind == .string,
            let text = node.value as? String
        else { return nil }
        return JSONDocument.isLink(text) ? text : nil
    }

    /// True for `http://…`, `https://…` and `/path` strings without whitespace or controls.
    public static func isLink(_ text: String) -> Bool {
        guard !text.isEmpty, text.count < 2048, !text.contains(where: { $0.isWhitespace || TextSanitizer.isUnsafe($0) })
        else { return false }
        return text.hasPrefix("/") && !text.hasPrefix("//") || text.hasPrefix("http://") || text.hasPrefix("https://")
    }

    /// The line of the next (or previous) match of `query` (case-insensitive, in keys and scalar
    /// values) after (or before) line `line`, unfolding its ancestors; nil if nothing matches.
    /// Wraps around the document.
    public func nextMatch(_ query: String, after line: Int, forward: Bool = true) -> Int? {
        let paths = matches(query)
        guard !paths.isEmpty else { return nil }
        let current = path(atLine: line)
        let ordered: [[Int]]
        if forward {
            ordered = (paths.first { JSONDocument.less(current, $0) }).map { [$0] } ?? [paths[0]]
        } else {
            ordered = (paths.last { JSONDocument.less($0, current) }).map { [$0] } ?? [paths[paths.count - 1]]
        }
        return reveal(ordered[0])
    }

    /// How many matches `query` has (capped at `maximumMatches`).
    public func matchCount(_ query: String) -> Int { matches(query).count }

    private func matches(_ query: String) -> [[Int]] {
        if let cache = searchCache, cache.query == query { return cache.paths }
        let needle = query.lowercased()
        var found: [[Int]] = []
        var path: [Int] = []
        func visit(_ value: Any, key: String?) {
            if found.count >= JSONDocument.maximumMatches { return }
            if let key, key.lowercased().contains(needle) {
                found.append(path)
            } else {
                switch JSONValueKind.of(value) {
                case .object, .array:
                    break
                case .string:
                    if (value as? String)?.lowercased().contains(needle) == true { found.append(path) }
                default:
                    if JSONValueKind.scalarText(value).lowercased().contains(needle) { found.append(path) }
                }
            }
            if let object = value as? [String: Any] {
                for (index, childKey) in object.keys.sorted().enumerated() {
                    path.append(index)
                    visit(object[childKey] ?? NSNullValue.shared, key: childKey)
                    path.removeLast()
                }
            } else if let array = value as? [Any] {
                for (index, child) in array.enumerated() {
                    path.append(index)
                    visit(child, key: nil)
                    path.removeLast()
                }
            }
        }
        if !needle.isEmpty { visit(root.value, key: nil) }
        searchCache = (query, found)
        return found
    }

    private func path(atLine line: Int) -> [Int] {
        guard var node = root.locate(line)?.node else { return [Int.max] }
        var path: [Int] = []
        while let parent = node.parent {
            path.insert(node.indexInParent, at: 0)
            node = parent
        }
        return path
    }

    private func reveal(_ path: [Int]) -> Int {
        var node = root
        for index in path {
            setFolded(node, false)
            node = node.child(index)
        }
        return lineNumber(of: node)
    }

    private static func less(_ left: [Int], _ right: [Int]) -> Bool {
        for (a, b) in zip(left, right) where a != b {
            return a < b
        }
        return left.count < right.count
    }
}

extension JSONValueKind {
    /// True for objects and arrays.
    public var isContainer: Bool { self == .object || self == .array }
}
