/// One value of a `JSONDocument`, created only when a line inside it is needed.
///
/// A node knows how many display lines it takes (1 for scalars, empty or folded containers;
/// otherwise an opening line, its children's lines and a closing line) and keeps the running
/// line offsets of its children, computed lazily up to the furthest child anyone asked for. Line
/// counts of children that were never materialised come from the raw value, so a 100 000-item
/// array does not allocate a node per item to be scrolled.
public final class JSONNode {
    /// The raw value.
    public let value: Any
    /// Its kind.
    public let kind: JSONValueKind
    /// The object key this value sits under, or nil for array items and the root.
    public let key: String?
    /// Nesting depth (root 0).
    public let depth: Int
    /// The containing node (nil for the root).
    public private(set) weak var parent: JSONNode?
    /// Position among the parent's children (objects: in sorted key order).
    public let indexInParent: Int
    /// True if the node shows as one summary line.
    public internal(set) var isFolded = false

    private let objectValue: [String: Any]?
    private let arrayValue: [Any]?
    private var sortedKeysStorage: [String]?
    private var childNodes: [JSONNode?] = []
    /// childStarts[i] is the line offset of child i from the first child's line; one extra
    /// entry past the last known child gives the running total.
    private var childStarts: [Int] = [0]
    private var cachedLineCount: Int?

    init(value: Any, key: String?, depth: Int, parent: JSONNode?, indexInParent: Int) {
        self.value = value
        self.kind = JSONValueKind.of(value)
        self.key = key
        self.depth = depth
        self.parent = parent
        self.indexInParent = indexInParent
        self.objectValue = kind == .object ? value as? [String: Any] : nil
        self.arrayValue = kind == .array ? value as? [Any] : nil
    }

    /// Number of children (0 for scalars).
    public var childCount: Int { objectValue?.count ?? arrayValue?.count ?? 0 }

    /// How many child nodes have been created so far (children are created on demand).
    var createdChildCount: Int { childNodes.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    /// True for objects and arrays.
    public var isContainer: Bool { kind == .object || kind == .array }

    /// The object's keys in sorted order (empty for arrays and scalars).
    public var sortedKeys: [String] {
        if let keys = sortedKeysStorage { return keys }
        let keys = objectValue.map { $0.keys.sorted() } ?? []
        sortedKeysStorage = keys
        return keys
    }

    /// The raw value of child `index`.
    func childValue(_ index: Int) -> (key: String?, value: Any) {
        if let array = arrayValue { return (nil, array[index]) }
        let key = sortedKeys[index]
        return (key, objectValue?[key] ?? NSNullValue.shared)
    }

    /// The node of child `index`, created on first use.
    public func child(_ index: Int) -> JSONNode {
        if childNodes.isEmpty { childNodes = Array(repeating: nil, count: childCount) }
        if let node = childNodes[index] { return node }
        let (key, value) = childValue(index)
        let node = JSONNode(value: value, key: key, depth: depth + 1, parent: self, indexInParent: index)
        childNodes[index] = node
        return node
    }

    /// Lines this node takes on screen (computes children's counts if not yet known).
    public var lineCount: Int {
        if !isContainer || childCount == 0 || isFolded { return 1 }
        if let cached = cachedLineCount { return cached }
        extendStarts(upToChild: childCount)
        let count = 2 + childStarts[childCount]
        cachedLineCount = count
        return count
    }

    private func childLineCount(_ index: Int) -> Int {
        if !childNodes.isEmpty, let node = childNodes[index] { return node.lineCount }
        return JSONNode.rawLineCount(childValue(index).value)
    }

    /// Makes childStarts hold entries 0...index (index may equal childCount for the total).
    private func extendStarts(upToChild index: Int) {
        while childStarts.count <= index {
            let next = childStarts.count - 1
            childStarts.append(childStarts[next] + childLineCount(next))
        }
    }

    /// Where line `line` (0 = this node's first line) falls, or nil past the end.
    func locate(_ line: Int) -> (node: JSONNode, isClosing: Bool)? {
        if line < 0 { return nil }
        if line == 0 { return (self, false) }
        if !isContainer || childCount == 0 || isFolded { return nil }
        let target = line - 1
        while childStarts.count <= childCount, childStarts[childStarts.count - 1] <= target {
            extendStarts(upToChild: childStarts.count)
        }
        let total = childStarts.count > childCount ? childStarts[childCount] : Int.max
        if target == total { return (self, true) }
        if target > total { return nil }
        // Binary search for the last child whose start is <= target.
        var low = 0
        var high = min(childStarts.count - 1, childCount) - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if childStarts[middle] <= target { low = middle } else { high = middle - 1 }
        }
        return child(low).locate(target - childStarts[low])
    }

    /// The line of child `index`'s first line, relative to this node's first line.
    func lineOffset(ofChild index: Int) -> Int {
        extendStarts(upToChild: index)
        return 1 + childStarts[index]
    }

    /// Drops this node's cached count and its ancestors' after its fold state changed.
    func foldChanged() {
        cachedLineCount = nil
        parent?.invalidate(afterChild: indexInParent)
    }

    /// Drops cached counts after a fold change below child `index`.
    func invalidate(afterChild index: Int) {
        cachedLineCount = nil
        if childStarts.count > index + 1 { childStarts.removeSubrange((index + 1)...) }
        parent?.invalidate(afterChild: indexInParent)
    }

    /// Display lines of a raw value with everything unfolded.
    static func rawLineCount(_ value: Any) -> Int {
        if let object = value as? [String: Any] {
            if object.isEmpty { return 1 }
            var total = 2
            for child in object.values { total += rawLineCount(child) }
            return total
        }
        if let array = value as? [Any] {
            if array.isEmpty { return 1 }
            var total = 2
            for child in array { total += rawLineCount(child) }
            return total
        }
        return 1
    }
}
