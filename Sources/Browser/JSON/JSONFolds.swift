import OrderedJSON

/// Which containers of a JSON document are folded: a value, kept in the browser's state beside
/// the position in the body, so that nothing about what is shown lives outside the state.
///
/// It holds the folded containers by their opening entry, and the outermost folds sorted with
/// running totals of the entries they hide, so that mapping a line to its entry is a binary
/// search over the folds, whatever the size of the body. Every operation is given the document
/// the folds belong to; entries that are not containers of that document are ignored.
public struct JSONFolds: Sendable, Equatable {
    /// The opening entries of the folded containers.
    public private(set) var folded: Set<Int> = []
    /// The opening entries of the folds not inside another fold, ascending.
    private var outerFolds: [Int] = []
    /// `hiddenBefore[k]`: entries hidden by `outerFolds[0..<k]` (one more element than folds).
    private var hiddenBefore: [Int] = [0]

    /// Nothing folded.
    public init() {}

    /// True when nothing is folded.
    public var isEmpty: Bool { folded.isEmpty }

    /// Entries hidden by all folds.
    var hiddenCount: Int { hiddenBefore[hiddenBefore.count - 1] }

    /// True if the container at `entry` is folded.
    public func isFolded(_ entry: Int) -> Bool { folded.contains(entry) }

    /// The entry shown on display line `index` (which must exist).
    func entry(atLine index: Int) -> Int {
        // The last fold whose line is at or before `index`.
        var low = 0
        var high = outerFolds.count
        while low < high {
            let middle = (low + high) / 2
            if outerFolds[middle] - hiddenBefore[middle] <= index { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return index }
        let fold = low - 1
        if outerFolds[fold] - hiddenBefore[fold] == index { return outerFolds[fold] }
        return index + hiddenBefore[fold + 1]
    }

    /// The display line showing `entry` of `document`, or nil while a fold hides it.
    func line(ofEntry entry: Int, in document: JSONDocument) -> Int? {
        // Folds that open before the entry.
        var low = 0
        var high = outerFolds.count
        while low < high {
            let middle = (low + high) / 2
            if outerFolds[middle] < entry { low = middle + 1 } else { high = middle }
        }
        if low > 0, entry <= document.matchingEntry(outerFolds[low - 1]) { return nil }
        return entry - hiddenBefore[low]
    }

    /// Folds or unfolds the container at `entry` of `document`.
    mutating func setFolded(_ entry: Int, _ fold: Bool, in document: JSONDocument) {
        guard entry >= 0, entry < document.entryCount, document.kind(entry).isOpening, folded.contains(entry) != fold
        else { return }
        if fold { folded.insert(entry) } else { folded.remove(entry) }
        rebuild(in: document)
    }

    /// Unfolds every fold around `entry` of `document`.
    mutating func unfold(around entry: Int, in document: JSONDocument) {
        let around = folded.filter { $0 < entry && entry <= document.matchingEntry($0) }
        guard !around.isEmpty else { return }
        folded.subtract(around)
        rebuild(in: document)
    }

    /// Folds every container of `document` at `depth`, so the levels above it fit on screen.
    mutating func foldAll(atDepth depth: Int, in document: JSONDocument) {
        var entry = 0
        var current = 0
        while entry < document.entryCount {
            let kind = document.kind(entry)
            if kind.isClosing { current -= 1 }
            if kind.isOpening {
                if current == depth {
                    folded.insert(entry)
                    entry = document.matchingEntry(entry) + 1
                    continue
                }
                current += 1
            }
            entry += 1
        }
        rebuild(in: document)
    }

    /// These folds as they apply to `document`: those that are not containers of it dropped.
    func valid(in document: JSONDocument) -> JSONFolds {
        let kept = folded.filter { $0 >= 0 && $0 < document.entryCount && document.kind($0).isOpening }
        guard kept.count != folded.count else { return self }
        var folds = JSONFolds()
        folds.folded = kept
        folds.rebuild(in: document)
        return folds
    }

    private mutating func rebuild(in document: JSONDocument) {
        outerFolds.removeAll(keepingCapacity: true)
        hiddenBefore = [0]
        var lastClose = -1
        for open in folded.sorted() where open > lastClose {
            let close = document.matchingEntry(open)
            outerFolds.append(open)
            hiddenBefore.append(hiddenBefore[hiddenBefore.count - 1] + close - open)
            lastClose = close
        }
    }
}
