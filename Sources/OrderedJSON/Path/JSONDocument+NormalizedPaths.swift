extension JSONDocument {
    /// The normalized paths (RFC 9535 §2.7) of many entries at once, by entry: one walk down the
    /// document that steps over every subtree holding none of them, so a thousand matches deep in
    /// a large array cost one pass, not a walk back over the siblings of each.
    ///
    /// A closing bracket has the path of its container; entries out of range are left out.
    ///
    /// ```swift
    /// let document = try JSONDocument(#"{"a": [10, {"x": 1}]}"#)
    /// document.normalizedPaths(of: [2, 4])   // [2: "$['a'][0]", 4: "$['a'][1]['x']"]
    /// ```
    public func normalizedPaths(of entries: some Sequence<Int>) -> [Int: String] {
        var wanted: [Int: [Int]] = [:]
        for entry in entries where entry >= 0 && entry < entryCount {
            let opening = kind(entry).isClosing ? matchingEntry(entry) : entry
            wanted[opening, default: []].append(entry)
        }
        let targets = wanted.keys.sorted()
        guard let last = targets.last else { return [:] }
        var paths: [Int: String] = [:]
        func record(_ entry: Int, _ path: String) {
            for asked in wanted[entry] ?? [] { paths[asked] = path }
        }
        /// True when a target lies in `lower...upper`.
        func holdsTarget(_ lower: Int, _ upper: Int) -> Bool {
            var low = 0
            var high = targets.count
            while low < high {
                let middle = (low + high) / 2
                if targets[middle] < lower { low = middle + 1 } else { high = middle }
            }
            return low < targets.count && targets[low] <= upper
        }
        record(root, "$")
        // The containers on the way down: the path to each, and how many of its children came.
        var stack: [(path: String, isArray: Bool, children: Int)] = []
        if kind(root).isOpening { stack.append(("$", kind(root).isArray, 0)) }
        var entry = root + 1
        while entry <= last, !stack.isEmpty {
            let entryKind = kind(entry)
            if entryKind.isClosing {
                stack.removeLast()
                entry += 1
                continue
            }
            let end = entryKind.isOpening ? matchingEntry(entry) : entry
            let index = stack[stack.count - 1].children
            stack[stack.count - 1].children += 1
            guard holdsTarget(entry, end) else {
                entry = end + 1
                continue
            }
            var path = stack[stack.count - 1].path
            if stack[stack.count - 1].isArray {
                path += "[\(index)]"
            } else {
                path += "['"
                for scalar in (key(entry) ?? "").unicodeScalars { Self.appendNormalizedEscaped(scalar, to: &path) }
                path += "']"
            }
            record(entry, path)
            if entryKind.isOpening {
                stack.append((path, entryKind.isArray, 0))
            }
            entry += 1
        }
        return paths
    }
}
