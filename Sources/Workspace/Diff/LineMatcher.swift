/// Matches two sequences of line numbers (equal lines have equal numbers) into an edit script,
/// within a bounded amount of work.
///
/// Common leading and trailing lines are matched first. What remains goes to Myers' greedy
/// algorithm, which finds a shortest edit script; it gives up when the script would be longer
/// than ``maximumEdits`` or the work left in the budget runs out. Then the patience method takes
/// over: lines that occur once in each side, in an order both sides agree on (the longest
/// increasing run), become fixed points, and the stretches between them are matched the same
/// way; a stretch with no such lines, or too deep a split, becomes "remove all, add all". The
/// result is always a correct script; ``isMinimal`` says whether it is a shortest one.
struct LineMatcher {
    /// One step of the script.
    enum Operation: Equatable {
        /// The next old line equals the next new line.
        case equal
        /// The next old line is removed.
        case delete
        /// The next new line is added.
        case insert
    }

    /// The longest edit script Myers' algorithm looks for (its memory grows with the square).
    static let maximumEdits = 2000
    private static let maximumDepth = 32

    private let old: [Int32]
    private let new: [Int32]
    private var budget: Int
    private(set) var operations: [Operation] = []
    /// False once the patience method or "remove all, add all" had to be used.
    private(set) var isMinimal = true

    /// Matches `old` against `new`, spending at most about `budget` steps in Myers' algorithm.
    init(old: [Int32], new: [Int32], budget: Int) {
        self.old = old
        self.new = new
        self.budget = budget
        operations.reserveCapacity(max(old.count, new.count))
        match(0..<old.count, 0..<new.count, depth: 0)
    }

    private mutating func match(_ oldRange: Range<Int>, _ newRange: Range<Int>, depth: Int) {
        var oldStart = oldRange.lowerBound
        var newStart = newRange.lowerBound
        var oldEnd = oldRange.upperBound
        var newEnd = newRange.upperBound
        while oldStart < oldEnd, newStart < newEnd, old[oldStart] == new[newStart] {
            oldStart += 1
            newStart += 1
        }
        while oldEnd > oldStart, newEnd > newStart, old[oldEnd - 1] == new[newEnd - 1] {
            oldEnd -= 1
            newEnd -= 1
        }
        append(.equal, count: oldStart - oldRange.lowerBound)
        if oldStart == oldEnd || newStart == newEnd {
            append(.delete, count: oldEnd - oldStart)
            append(.insert, count: newEnd - newStart)
        } else if let script = shortestScript(oldStart..<oldEnd, newStart..<newEnd) {
            operations += script
        } else {
            isMinimal = false
            matchByUniqueLines(oldStart..<oldEnd, newStart..<newEnd, depth: depth)
        }
        append(.equal, count: oldRange.upperBound - oldEnd)
    }

    private mutating func append(_ operation: Operation, count: Int) {
        if count > 0 { operations.append(contentsOf: repeatElement(operation, count: count)) }
    }

    // MARK: Myers

    /// A shortest edit script for the two ranges, or nil when it needs more edits or work than
    /// allowed.
    private mutating func shortestScript(_ oldRange: Range<Int>, _ newRange: Range<Int>) -> [Operation]? {
        let n = oldRange.count
        let m = newRange.count
        let limit = min(n + m, Self.maximumEdits)
        let offset = limit + 1
        var frontier = [Int32](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int32]] = []
        for edits in 0...limit {
            budget -= edits + 1
            if budget < 0 { return nil }
            for diagonal in stride(from: -edits, through: edits, by: 2) {
                let down =
                    diagonal == -edits
                    || (diagonal != edits && frontier[offset + diagonal - 1] < frontier[offset + diagonal + 1])
                var x = Int(down ? frontier[offset + diagonal + 1] : frontier[offset + diagonal - 1] + 1)
                var y = x - diagonal
                let snakeStart = x
                while x < n, y < m, old[oldRange.lowerBound + x] == new[newRange.lowerBound + y] {
                    x += 1
                    y += 1
                }
                budget -= x - snakeStart
                frontier[offset + diagonal] = Int32(x)
                if x >= n && y >= m {
                    trace.append(Array(frontier[(offset - edits)...(offset + edits)]))
                    return Self.backtrack(trace, n: n, m: m)
                }
            }
            trace.append(Array(frontier[(offset - edits)...(offset + edits)]))
        }
        return nil
    }

    /// Walks the saved frontiers back from the end; `trace[d]` holds diagonals `-d...d`.
    private static func backtrack(_ trace: [[Int32]], n: Int, m: Int) -> [Operation] {
        var script: [Operation] = []
        var x = n
        var y = m
        for edits in stride(from: trace.count - 1, to: 0, by: -1) {
            let previous = trace[edits - 1]
            let reach = { (diagonal: Int) -> Int in Int(previous[diagonal + edits - 1]) }
            let diagonal = x - y
            let down = diagonal == -edits || (diagonal != edits && reach(diagonal - 1) < reach(diagonal + 1))
            let previousDiagonal = down ? diagonal + 1 : diagonal - 1
            let previousX = reach(previousDiagonal)
            let previousY = previousX - previousDiagonal
            let startX = down ? previousX : previousX + 1
            while x > startX {
                script.append(.equal)
                x -= 1
                y -= 1
            }
            script.append(down ? .insert : .delete)
            x = previousX
            y = previousY
        }
        while x > 0 {
            script.append(.equal)
            x -= 1
        }
        return script.reversed()
    }

    // MARK: patience

    private mutating func matchByUniqueLines(_ oldRange: Range<Int>, _ newRange: Range<Int>, depth: Int) {
        let anchors = depth < Self.maximumDepth ? Self.uniqueAnchors(old[oldRange], new[newRange]) : []
        guard !anchors.isEmpty else {
            append(.delete, count: oldRange.count)
            append(.insert, count: newRange.count)
            return
        }
        var oldPosition = oldRange.lowerBound
        var newPosition = newRange.lowerBound
        for (oldAnchor, newAnchor) in anchors {
            match(oldPosition..<oldAnchor, newPosition..<newAnchor, depth: depth + 1)
            operations.append(.equal)
            oldPosition = oldAnchor + 1
            newPosition = newAnchor + 1
        }
        match(oldPosition..<oldRange.upperBound, newPosition..<newRange.upperBound, depth: depth + 1)
    }

    /// Lines occurring exactly once on each side, as (old, new) positions, keeping the longest
    /// run whose new positions increase.
    private static func uniqueAnchors(_ old: ArraySlice<Int32>, _ new: ArraySlice<Int32>) -> [(Int, Int)] {
        var counts: [Int32: (old: Int, new: Int, oldPosition: Int, newPosition: Int)] = [:]
        for (position, line) in zip(old.indices, old) {
            counts[line, default: (0, 0, position, 0)].old += 1
        }
        for (position, line) in zip(new.indices, new) where counts[line] != nil {
            counts[line]!.new += 1
            counts[line]!.newPosition = position
        }
        let candidates = counts.values.filter { $0.old == 1 && $0.new == 1 }
            .map { ($0.oldPosition, $0.newPosition) }
            .sorted { $0.0 < $1.0 }
        guard !candidates.isEmpty else { return [] }
        // Longest increasing subsequence of the new positions (patience sorting).
        var pileTops: [Int] = []
        var previous = [Int](repeating: -1, count: candidates.count)
        for (index, candidate) in candidates.enumerated() {
            var low = 0
            var high = pileTops.count
            while low < high {
                let middle = (low + high) / 2
                if candidates[pileTops[middle]].1 < candidate.1 { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = pileTops[low - 1] }
            if low == pileTops.count { pileTops.append(index) } else { pileTops[low] = index }
        }
        var result: [(Int, Int)] = []
        var index = pileTops.last ?? -1
        while index >= 0 {
            result.append(candidates[index])
            index = previous[index]
        }
        return result.reversed()
    }
}
