import Foundation

/// Runs a parsed query over a document's index, without building values: keys and strings are
/// compared in place where they have no escapes, numbers are read from their text when compared.
///
/// Segments are applied depth first with an explicit stack of cursors, one per segment, so each
/// match is handed on as soon as it is found and a long query needs no deep recursion. The
/// order is the RFC's: for each input node, the selectors in order, each selecting in document
/// order (a slice with a negative step backwards); a descendant segment visits a node and then
/// its descendants in document order (§2.5.2.2).
///
/// A filter nested in another filter is tested on the same node again and again (once for each
/// node above it that the outer filter tests), so its results are remembered by node for the
/// run: nested filters then cost polynomial rather than exponential time. A filter's result
/// depends only on its current node, as the document does not change.
///
/// An evaluator lives for one run and belongs to one thread; `bytes` must stay valid for that
/// long (the run happens inside ``JSONDocument/withBytes(_:)``).
final class JSONPathEvaluator {
    let document: JSONDocument
    let bytes: UnsafeRawBufferPointer
    let tape: JSONTape.Entries
    let checksCancellation: Bool
    /// Steps after which the run stops as if cancelled (for fuzzing, where the RFC's semantics
    /// allow queries whose results grow exponentially, such as `$..*..*..*..*`).
    let workLimit: Int
    /// True once the surrounding task was found cancelled; every loop then stops.
    private(set) var isCancelled = false
    private var ticks = 0
    private var spareStacks: [[Cursor]] = []
    /// The matchers of the I-Regexps met in the run (nil for a pattern that is not one).
    private var regexes: [String: IRegexpMatcher?] = [:]
    /// The instructions of the programs in ``regexes``, which bound how many it keeps.
    private var regexInstructions = 0
    private var memos: [[Int: Bool]]

    init(
        document: JSONDocument, bytes: UnsafeRawBufferPointer, memoCount: Int, checksCancellation: Bool,
        workLimit: Int = .max
    ) {
        self.document = document
        self.bytes = bytes
        tape = document.tape.entries
        memos = Array(repeating: [:], count: memoCount)
        self.checksCancellation = checksCancellation
        self.workLimit = workLimit
        if checksCancellation && Task.isCancelled { isCancelled = true }
    }

    // MARK: the index

    @inline(__always)
    private func kindValue(_ entry: Int) -> UInt8 { JSONTape.kindValue(tape[entry]) }

    @inline(__always)
    private func isClosing(_ entry: Int) -> Bool {
        let kind = kindValue(entry)
        return kind == JSONEntryKind.objectEnd.rawValue || kind == JSONEntryKind.arrayEnd.rawValue
    }

    @inline(__always)
    private func isOpening(_ entry: Int) -> Bool {
        let kind = kindValue(entry)
        return kind == JSONEntryKind.objectStart.rawValue || kind == JSONEntryKind.arrayStart.rawValue
    }

    /// The last entry of a value: its closing bracket, or itself.
    @inline(__always)
    private func lastEntry(_ entry: Int) -> Int {
        guard isOpening(entry) else { return entry }
        let link = JSONTape.link(tape[entry])
        return link == JSONTape.linkOverflow ? document.matchingEntry(entry) : entry + link
    }

    /// Counts work done; every 16,384 steps, looks at the task's cancellation and the work limit.
    /// False once cancelled.
    @inline(__always)
    private func tick() -> Bool {
        ticks &+= 1
        if ticks & 0x3FFF == 0 && (checksCancellation && Task.isCancelled || ticks >= workLimit) {
            isCancelled = true
        }
        return !isCancelled
    }

    /// Counts `steps` of work done at once (by a regular expression); like ``tick()``, looks at
    /// the task's cancellation and the work limit each time the count passes a multiple of
    /// 16,384. False once cancelled.
    private func tick(_ steps: Int) -> Bool {
        let before = ticks
        ticks &+= steps
        if before >> 14 != ticks >> 14 && (checksCancellation && Task.isCancelled || ticks >= workLimit) {
            isCancelled = true
        }
        return !isCancelled
    }

    // MARK: queries

    /// Where one segment stands on one input node.
    struct Cursor {
        let segment: Int
        /// The input node.
        let node: Int
        /// The node whose children the selectors select: `node`, or for a descendant segment the
        /// container being visited.
        var visiting: Int
        var selector = 0
        var started = false
        /// The next child to look at, or for a slice with a negative step, the next position.
        var child = 0
        /// A slice's position, step and end.
        var position = 0
        var step = 0
        var limit = 0
        /// The children of the array, for a slice with a negative step.
        var elements: [Int] = []
        /// The input node's last entry, once a descendant segment has looked it up (a long
        /// container's link is kept aside, and looking it up for every container visited costs).
        var last = -1

        init(segment: Int, node: Int) {
            self.segment = segment
            self.node = node
            visiting = node
        }

        /// On to the next selector, or (`visiting` given) to the next container a descendant
        /// segment visits, from its first selector.
        mutating func nextSelector(visiting container: Int? = nil) {
            if let container {
                visiting = container
                selector = 0
            } else {
                selector += 1
            }
            started = false
            step = 0
            elements = []
        }
    }

    /// Applies `segments` to `start`, handing each resulting node to `emit` (which returns false
    /// to stop). Returns false when stopped by `emit` or by cancellation.
    func run(_ segments: [JSONPathQuery.Segment], from start: Int, _ emit: (Int) -> Bool) -> Bool {
        if isCancelled { return false }
        if segments.isEmpty { return emit(start) }
        var stack = spareStacks.popLast() ?? []
        defer {
            stack.removeAll(keepingCapacity: true)
            spareStacks.append(stack)
        }
        stack.append(Cursor(segment: 0, node: start))
        while !stack.isEmpty {
            let top = stack.count - 1
            guard let found = next(&stack[top], segments) else {
                if isCancelled { return false }
                stack.removeLast()
                continue
            }
            let following = stack[top].segment + 1
            if following == segments.count {
                if !emit(found) || isCancelled { return false }
            } else {
                stack.append(Cursor(segment: following, node: found))
            }
        }
        return true
    }

    /// The next node a cursor's segment selects, or nil when it has no more.
    private func next(_ cursor: inout Cursor, _ segments: [JSONPathQuery.Segment]) -> Int? {
        let segment = segments[cursor.segment]
        while true {
            if cursor.selector < segment.selectors.count {
                if let found = next(&cursor, segment.selectors[cursor.selector]) { return found }
                if isCancelled { return nil }
                cursor.nextSelector()
                continue
            }
            guard segment.isDescendant else { return nil }
            // On to the next container inside the input node, in document order.
            if cursor.last < 0 { cursor.last = lastEntry(cursor.node) }
            let last = cursor.last
            var entry = cursor.visiting + 1
            while entry <= last && !isOpening(entry) {
                entry += 1
                if !tick() { return nil }
            }
            guard entry <= last else { return nil }
            cursor.nextSelector(visiting: entry)
        }
    }

    /// The next node one selector selects among the children of `cursor.visiting`.
    private func next(_ cursor: inout Cursor, _ selector: JSONPathQuery.Selector) -> Int? {
        let container = cursor.visiting
        let kind = kindValue(container)
        let isArray = kind == JSONEntryKind.arrayStart.rawValue
        guard isArray || kind == JSONEntryKind.objectStart.rawValue else { return nil }
        if !cursor.started {
            cursor.started = true
            cursor.child = container + 1
        }
        switch selector {
        case .name(let name):
            guard !isArray else { return nil }
            var child = cursor.child
            while !isClosing(child) {
                let following = lastEntry(child) + 1
                if keyEquals(child, name) {
                    cursor.child = following
                    return child
                }
                child = following
                if !tick() { return nil }
            }
            cursor.child = child
            return nil
        case .wildcard:
            let child = cursor.child
            guard !isClosing(child), tick() else { return nil }
            cursor.child = lastEntry(child) + 1
            return child
        case .filter(let expression, let memo):
            var child = cursor.child
            while !isClosing(child) {
                let following = lastEntry(child) + 1
                if test(expression, current: child, memo: memo) {
                    cursor.child = following
                    return isCancelled ? nil : child
                }
                child = following
                if !tick() { return nil }
            }
            cursor.child = child
            return nil
        case .index(let index):
            guard isArray, cursor.child == container + 1 else { return nil }
            cursor.child = -1
            return element(of: container, at: index)
        case .slice(let start, let end, let step):
            guard isArray else { return nil }
            return nextInSlice(&cursor, start: start, end: end, step: step ?? 1)
        }
    }

    /// Slices by RFC 9535 §2.3.4.2.2: bounds clamped to the array, defaults by the step's sign.
    private func nextInSlice(_ cursor: inout Cursor, start: Int?, end: Int?, step: Int) -> Int? {
        if cursor.step == 0 {
            guard step != 0 else { return nil }
            let count = document.childCount(of: cursor.visiting)
            func normalized(_ index: Int) -> Int { index >= 0 ? index : count + index }
            cursor.step = step
            if step > 0 {
                let lower = min(max(normalized(start ?? 0), 0), count)
                cursor.limit = min(max(normalized(end ?? count), 0), count)
                cursor.position = lower
                cursor.child = advance(cursor.child, by: lower)
            } else {
                let upper = min(max(normalized(start ?? count - 1), -1), count - 1)
                cursor.limit = min(max(normalized(end ?? -count - 1), -1), count - 1)
                cursor.position = upper
                var child = cursor.visiting + 1
                cursor.elements.reserveCapacity(count)
                while !isClosing(child) {
                    cursor.elements.append(child)
                    child = lastEntry(child) + 1
                }
                cursor.child = -1
            }
        }
        if !tick() { return nil }
        if cursor.step > 0 {
            guard cursor.position < cursor.limit, !isClosing(cursor.child) else { return nil }
            let found = cursor.child
            cursor.position += cursor.step
            cursor.child = advance(found, by: cursor.step)
            return found
        }
        guard cursor.step < 0, cursor.limit < cursor.position else { return nil }
        let found = cursor.elements[cursor.position]
        cursor.position += cursor.step
        return found
    }

    /// The sibling `count` places after `child`, or the closing bracket when there are fewer.
    private func advance(_ child: Int, by count: Int) -> Int {
        var child = child
        var remaining = count
        while remaining > 0 && !isClosing(child) {
            child = lastEntry(child) + 1
            remaining -= 1
            if remaining & 0xFFF == 0 && !tick() { break }
        }
        return child
    }

    /// The element of an array at `index` (negative counts from the end), or nil. Walks from
    /// whichever end of the array is nearer.
    private func element(of array: Int, at index: Int) -> Int? {
        guard kindValue(array) == JSONEntryKind.arrayStart.rawValue else { return nil }
        let count = document.childCount(of: array)
        let position = index < 0 ? count + index : index
        guard position >= 0 && position < count else { return nil }
        guard position > count / 2 else { return advance(array + 1, by: position) }
        // Back from the closing bracket: each earlier sibling ends just before the next one.
        var child = lastEntry(array)
        for _ in position..<count {
            let end = child - 1
            child = isClosing(end) ? document.matchingEntry(end) : end
        }
        return child
    }

    /// The first member of an object with this name, or nil.
    private func member(of object: Int, named name: JSONPathQuery.Name) -> Int? {
        guard kindValue(object) == JSONEntryKind.objectStart.rawValue else { return nil }
        var child = object + 1
        while !isClosing(child) {
            if keyEquals(child, name) { return child }
            child = lastEntry(child) + 1
        }
        return nil
    }

    /// Whether a member's key is `name`: on the raw bytes when the key has no escapes.
    @inline(__always)
    private func keyEquals(_ member: Int, _ name: JSONPathQuery.Name) -> Bool {
        let word = tape[member]
        let quote = JSONTape.offset(word)
        if word & JSONTape.keyEscapedBit == 0 && name.comparesInPlace {
            return textEquals(at: quote, name)
        }
        let decoded = JSONStringDecoder.decode(bytes, openingQuoteAt: quote).text
        return decoded.utf8.elementsEqual(name.utf8)
    }

    /// Whether the unescaped string literal whose opening quote is at `quote` holds `name`.
    @inline(__always)
    private func textEquals(at quote: Int, _ name: JSONPathQuery.Name) -> Bool {
        let count = name.utf8.count
        let end = quote + 1 + count
        guard end < bytes.count, bytes[end] == Byte.quote else { return false }
        if count == 0 { return true }
        return name.utf8.withUnsafeBytes { memcmp(bytes.baseAddress! + quote + 1, $0.baseAddress!, count) == 0 }
    }

    // MARK: filters

    /// A value in a filter: a node of the document, a literal (or a function's number), or
    /// Nothing.
    enum Value {
        case nothing
        case node(Int)
        case literal(JSONPathExpression.Literal)
    }

    /// A filter's test of `current`, remembered when the filter has a memo table.
    private func test(_ expression: JSONPathExpression, current: Int, memo: Int?) -> Bool {
        guard let memo else { return test(expression, current: current) }
        if let known = memos[memo][current] { return known }
        let result = test(expression, current: current)
        memos[memo][current] = result
        return result
    }

    /// Evaluates a filter's logical expression with `current` as `@`.
    func test(_ expression: JSONPathExpression, current: Int) -> Bool {
        switch expression {
        case .or(let terms):
            for term in terms where test(term, current: current) { return true }
            return false
        case .and(let terms):
            for term in terms where !test(term, current: current) { return false }
            return true
        case .not(let inner):
            return !test(inner, current: current)
        case .exists(let query):
            var found = false
            _ = run(query.segments, from: query.isRelative ? current : 0) { _ in
                found = true
                return false
            }
            return found
        case .comparison(let left, let comparison, let right):
            return compare(value(left, current: current), comparison, value(right, current: current))
        case .test(let call):
            return logical(call, current: current)
        }
    }

    private func value(_ comparable: JSONPathExpression.Comparable, current: Int) -> Value {
        switch comparable {
        case .literal(let literal):
            return .literal(literal)
        case .query(let query):
            return singular(query, current: current).map(Value.node) ?? .nothing
        case .function(let call):
            return value(of: call, current: current)
        }
    }

    /// The node of a singular query: for a repeated member name, the first member.
    private func singular(_ query: JSONPathQuery, current: Int) -> Int? {
        var node = query.isRelative ? current : 0
        for segment in query.segments {
            switch segment.selectors.first {
            case .name(let name)?:
                guard let member = member(of: node, named: name) else { return nil }
                node = member
            case .index(let index)?:
                guard let element = element(of: node, at: index) else { return nil }
                node = element
            default:
                return nil
            }
        }
        return node
    }

    private func value(of call: JSONPathFunctionCall, current: Int) -> Value {
        switch (call.function, call.arguments.first) {
        case (.length, .value(let argument)?):
            switch value(argument, current: current) {
            case .node(let node):
                switch JSONEntryKind(rawValue: kindValue(node)) {
                case .string?: return number(withString(node) { Self.scalarCount($0) })
                case .arrayStart?, .objectStart?: return number(document.childCount(of: node))
                case .emptyArray?, .emptyObject?: return number(0)
                default: return .nothing
                }
            case .literal(.string(let name)):
                return number(name.text.unicodeScalars.count)
            default:
                return .nothing
            }
        case (.count, .nodes(let query)?):
            var count = 0
            _ = run(query.segments, from: query.isRelative ? current : 0) { _ in
                count += 1
                return true
            }
            return number(count)
        case (.value, .nodes(let query)?):
            var only: Int?
            var count = 0
            _ = run(query.segments, from: query.isRelative ? current : 0) { node in
                only = node
                count += 1
                return count < 2
            }
            return count == 1 ? .node(only!) : .nothing
        default:
            return .nothing
        }
    }

    private func number(_ count: Int) -> Value { .literal(.number(.integer(Int64(count)))) }

    private static func scalarCount(_ utf8: UnsafeRawBufferPointer) -> Int {
        String(decoding: utf8, as: UTF8.self).unicodeScalars.count
    }

    /// match() and search(): false unless both arguments are strings and the pattern is an
    /// I-Regexp. The matcher's steps count as work, so cancellation and the work limit stop a
    /// long match too (which is then false, the run being cancelled).
    private func logical(_ call: JSONPathFunctionCall, current: Int) -> Bool {
        guard call.function == .match || call.function == .search, call.arguments.count == 2,
            case .value(let subjectArgument) = call.arguments[0], case .value(let patternArgument) = call.arguments[1],
            let subject = string(value(subjectArgument, current: current)),
            let pattern = string(value(patternArgument, current: current)),
            let matcher = regex(pattern)
        else { return false }
        let extent: IRegexpMatcher.Extent = call.function == .match ? .whole : .substring
        return matcher.matches(subject, extent) { tick($0) }
    }

    private func string(_ value: Value) -> String? {
        switch value {
        case .node(let node): return document.string(node)
        case .literal(.string(let name)): return name.text
        default: return nil
        }
    }

    /// The matcher of an I-Regexp, remembered for the run; nil when it is not one. At most 256
    /// patterns, or a million instructions, are remembered at a time.
    private func regex(_ pattern: String) -> IRegexpMatcher? {
        if let known = regexes[pattern] { return known }
        let matcher = IRegexp.compile(pattern).map(IRegexpMatcher.init)
        let size = matcher?.program.instructions.count ?? 0
        if regexes.count >= 256 || regexInstructions + size > 1_000_000 {
            regexes.removeAll()
            regexInstructions = 0
        }
        regexes[pattern] = matcher
        regexInstructions += size
        return matcher
    }

    // MARK: comparisons

    /// What a value is, for comparing (§2.3.5.2.2).
    private enum Sort: Equatable {
        case nothing, string, number, `true`, `false`, null, array, object
    }

    private func sort(_ value: Value) -> Sort {
        switch value {
        case .nothing: return .nothing
        case .node(let node): return sort(node)
        case .literal(.string): return .string
        case .literal(.number): return .number
        case .literal(.true): return .true
        case .literal(.false): return .false
        case .literal(.null): return .null
        }
    }

    private func sort(_ node: Int) -> Sort {
        switch JSONEntryKind(rawValue: kindValue(node)) {
        case .string?: return .string
        case .number?: return .number
        case .true?: return .true
        case .false?: return .false
        case .null?: return .null
        case .arrayStart?, .emptyArray?: return .array
        default: return .object
        }
    }

    private func compare(_ left: Value, _ comparison: JSONPathExpression.ComparisonOperator, _ right: Value) -> Bool {
        switch comparison {
        case .equal: return equal(left, right)
        case .notEqual: return !equal(left, right)
        case .less: return less(left, right)
        case .lessOrEqual: return less(left, right) || equal(left, right)
        case .greater: return less(right, left)
        case .greaterOrEqual: return less(right, left) || equal(left, right)
        }
    }

    private func equal(_ left: Value, _ right: Value) -> Bool {
        if case .node(let a) = left, case .node(let b) = right { return deepEqual(a, b) }
        let sort = sort(left)
        guard sort == self.sort(right) else { return false }
        switch sort {
        case .string: return compareStrings(left, right) == 0
        case .number: return JSONPathNumber.compare(number(left), number(right)) == 0
        default: return true  // Nothing, true, false, null; containers are only ever nodes
        }
    }

    private func less(_ left: Value, _ right: Value) -> Bool {
        let sort = sort(left)
        guard sort == self.sort(right) else { return false }
        switch sort {
        case .string: return compareStrings(left, right) < 0
        case .number: return JSONPathNumber.compare(number(left), number(right)) < 0
        default: return false
        }
    }

    private func number(_ value: Value) -> JSONPathNumber {
        switch value {
        case .literal(.number(let number)): return number
        case .node(let node): return number(node)
        default: return .integer(0)
        }
    }

    private func number(_ node: Int) -> JSONPathNumber {
        let start = document.valueStart(node, bytes)
        var end = start
        while end < bytes.count, Self.isNumberByte(bytes[end]) { end += 1 }
        return JSONPathNumber.parse(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        Byte.isDigit(byte) || byte == Byte.minus || byte == Byte.plus || byte == Byte.dot || byte == Byte.e
            || byte == Byte.capitalE
    }

    /// Calls `body` with the UTF-8 of a string node: in place when it has no escapes.
    private func withString<Result>(_ node: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let start = document.valueStart(node, bytes)
        if tape[node] & JSONTape.valueEscapedBit == 0 {
            let end = JSONStringDecoder.end(bytes, openingQuoteAt: start)
            return body(UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<max(start + 1, end - 1)]))
        }
        var text = JSONStringDecoder.decode(bytes, openingQuoteAt: start).text
        return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    /// Compares two strings by their Unicode scalars (which is the order of their UTF-8 bytes).
    private func compareStrings(_ left: Value, _ right: Value) -> Int {
        switch (left, right) {
        case (.node(let a), .node(let b)):
            return withString(a) { first in withString(b) { second in Self.compareBytes(first, second) } }
        case (.node(let a), .literal(.string(let name))):
            if compareInPlace(a, name) { return 0 }
            return withString(a) { first in name.utf8.withUnsafeBytes { Self.compareBytes(first, $0) } }
        case (.literal(.string(let name)), .node(let b)):
            if compareInPlace(b, name) { return 0 }
            return withString(b) { second in name.utf8.withUnsafeBytes { -Self.compareBytes(second, $0) } }
        case (.literal(.string(let a)), .literal(.string(let b))):
            return a.utf8.withUnsafeBytes { first in b.utf8.withUnsafeBytes { Self.compareBytes(first, $0) } }
        default:
            return 1
        }
    }

    /// True when an unescaped string node holds exactly `name`, checked in place.
    private func compareInPlace(_ node: Int, _ name: JSONPathQuery.Name) -> Bool {
        guard tape[node] & JSONTape.valueEscapedBit == 0, name.comparesInPlace else { return false }
        return textEquals(at: document.valueStart(node, bytes), name)
    }

    private static func compareBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let common = min(a.count, b.count)
        if common > 0 {
            let order = memcmp(a.baseAddress!, b.baseAddress!, common)
            if order != 0 { return order < 0 ? -1 : 1 }
        }
        return a.count < b.count ? -1 : (a.count == b.count ? 0 : 1)
    }

    /// Structural equality of two values of the document (§2.3.5.2.2): arrays element by
    /// element, objects member by member whatever their order. A repeated name pairs its members
    /// in order: the first `a` of one object with the first `a` of the other, and so on. Works
    /// with a list of pairs still to compare, not recursion, so depth does not matter.
    private func deepEqual(_ left: Int, _ right: Int) -> Bool {
        var pending = [(left, right)]
        while let (a, b) = pending.popLast() {
            if !tick() { return false }
            let sort = sort(a)
            guard sort == self.sort(b) else { return false }
            switch sort {
            case .string:
                if compareStrings(.node(a), .node(b)) != 0 { return false }
            case .number:
                if JSONPathNumber.compare(number(a), number(b)) != 0 { return false }
            case .array:
                guard isOpening(a) == isOpening(b) else { return false }
                guard isOpening(a) else { continue }
                var x = a + 1
                var y = b + 1
                while !isClosing(x) && !isClosing(y) {
                    pending.append((x, y))
                    x = lastEntry(x) + 1
                    y = lastEntry(y) + 1
                }
                guard isClosing(x) && isClosing(y) else { return false }
            case .object:
                guard isOpening(a) == isOpening(b) else { return false }
                guard isOpening(a), document.childCount(of: a) == document.childCount(of: b) else {
                    if isOpening(a) { return false }
                    continue
                }
                guard pairMembers(a, b, into: &pending) else { return false }
            default:
                continue
            }
        }
        return true
    }

    /// Pairs each member of object `a` with an unused member of `b` that has the same name,
    /// preferring the one at the same position; false when one has no partner.
    private func pairMembers(_ a: Int, _ b: Int, into pending: inout [(Int, Int)]) -> Bool {
        var membersOfB: [Int] = []
        var child = b + 1
        while !isClosing(child) {
            membersOfB.append(child)
            child = lastEntry(child) + 1
        }
        var used = [Bool](repeating: false, count: membersOfB.count)
        var position = 0
        child = a + 1
        while !isClosing(child) {
            let name = JSONPathQuery.Name(document.key(child) ?? "")
            var partner: Int?
            if position < membersOfB.count, !used[position], keyEquals(membersOfB[position], name) {
                partner = position
            } else {
                partner = membersOfB.indices.first { !used[$0] && keyEquals(membersOfB[$0], name) }
            }
            guard let partner else { return false }
            used[partner] = true
            pending.append((child, membersOfB[partner]))
            child = lastEntry(child) + 1
            position += 1
        }
        return true
    }
}
