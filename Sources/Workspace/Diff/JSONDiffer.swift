import Foundation
import OrderedJSON

/// The walk behind ``JSONDiff/compare(_:_:limit:)``: a work stack over pairs of entries (no
/// recursion), skipping pairs whose bytes are equal, with paths kept as parent links and only
/// written out for the changes that are listed.
struct JSONDiffer {
    private enum Task {
        case compare(old: Int, new: Int, path: Int)
        case added(new: Int, path: Int)
        case removed(old: Int, path: Int)
    }

    private enum Category {
        case object, array, string, number, boolean, null
    }

    private struct MemberKey: Hashable {
        let key: ExactText
        let occurrence: Int
    }

    private struct Member {
        let key: MemberKey
        let name: String
        let entry: Int
    }

    private let old: JSONDocument
    private let new: JSONDocument
    private let oldBytes: UnsafeRawBufferPointer
    private let newBytes: UnsafeRawBufferPointer
    private let limit: Int
    private let identityKeys: [String]
    private var stack: [Task] = []
    /// Path nodes: the parent node (-1 for the top) and the step from it.
    private var pathNodes: [(parent: Int, component: JSONDiffPath.Component)] = []
    private var changes: [JSONDiffChange] = []
    private var added = 0
    private var removed = 0
    private var changed = 0

    init(
        old: JSONDocument, new: JSONDocument, oldBytes: UnsafeRawBufferPointer, newBytes: UnsafeRawBufferPointer,
        limit: Int, identityKeys: [String]
    ) {
        self.old = old
        self.new = new
        self.oldBytes = oldBytes
        self.newBytes = newBytes
        self.limit = limit
        self.identityKeys = identityKeys
    }

    mutating func run() -> JSONDiff {
        stack.append(.compare(old: old.root, new: new.root, path: -1))
        while let task = stack.popLast() {
            switch task {
            case .compare(let oldEntry, let newEntry, let path):
                compare(oldEntry, newEntry, path: path)
            case .added(let newEntry, let path):
                record(.added, old: nil, new: newEntry, path: path)
            case .removed(let oldEntry, let path):
                record(.removed, old: oldEntry, new: nil, path: path)
            }
        }
        return JSONDiff(
            changes: changes, addedCount: added, removedCount: removed, changedCount: changed,
            isTruncated: added + removed + changed > changes.count)
    }

    // MARK: comparing

    private mutating func compare(_ oldEntry: Int, _ newEntry: Int, path: Int) {
        if sameBytes(oldEntry, newEntry) { return }
        let category = Self.category(old.kind(oldEntry))
        guard category == Self.category(new.kind(newEntry)) else {
            record(.typeChanged, old: oldEntry, new: newEntry, path: path)
            return
        }
        switch category {
        case .object: compareObjects(oldEntry, newEntry, path: path)
        case .array: compareArrays(oldEntry, newEntry, path: path)
        default: record(.changed, old: oldEntry, new: newEntry, path: path)
        }
    }

    private mutating func compareObjects(_ oldEntry: Int, _ newEntry: Int, path: Int) {
        let oldMembers = members(of: oldEntry, in: old)
        let newMembers = members(of: newEntry, in: new)
        var tasks: [Task] = []
        if oldMembers.count == newMembers.count, zip(oldMembers, newMembers).allSatisfy({ $0.key == $1.key }) {
            for (oldMember, newMember) in zip(oldMembers, newMembers) where !sameBytes(oldMember.entry, newMember.entry)
            {
                let node = pathNode(path, .key(newMember.name, occurrence: newMember.key.occurrence))
                tasks.append(.compare(old: oldMember.entry, new: newMember.entry, path: node))
            }
        } else {
            var newIndex: [MemberKey: Int] = [:]
            for (index, member) in newMembers.enumerated() { newIndex[member.key] = index }
            var matched = [Bool](repeating: false, count: newMembers.count)
            for oldMember in oldMembers {
                let component = JSONDiffPath.Component.key(oldMember.name, occurrence: oldMember.key.occurrence)
                guard let index = newIndex[oldMember.key] else {
                    tasks.append(.removed(old: oldMember.entry, path: pathNode(path, component)))
                    continue
                }
                matched[index] = true
                if !sameBytes(oldMember.entry, newMembers[index].entry) {
                    tasks.append(
                        .compare(old: oldMember.entry, new: newMembers[index].entry, path: pathNode(path, component)))
                }
            }
            for (index, member) in newMembers.enumerated() where !matched[index] {
                let component = JSONDiffPath.Component.key(member.name, occurrence: member.key.occurrence)
                tasks.append(.added(new: member.entry, path: pathNode(path, component)))
            }
        }
        stack.append(contentsOf: tasks.reversed())
    }

    private mutating func compareArrays(_ oldEntry: Int, _ newEntry: Int, path: Int) {
        let oldItems = Array(old.children(of: oldEntry))
        let newItems = Array(new.children(of: newEntry))
        // With equal lengths, the positions whose elements differ are all a positional pairing
        // has to look at, and they also decide the pairing cheaply (see `identityPairing`).
        let differing =
            oldItems.count == newItems.count ? oldItems.indices.filter { !sameBytes(oldItems[$0], newItems[$0]) } : nil
        var tasks: [Task] = []
        if let (oldIDs, newIDs) = identityPairing(oldItems, newItems, differing: differing) {
            var newIndex: [RawBytes: Int] = [:]
            for (index, id) in newIDs.enumerated() { newIndex[id] = index }
            let oldIDSet = Set(oldIDs)
            for (position, item) in oldItems.enumerated() {
                guard let index = newIndex[oldIDs[position]] else {
                    tasks.append(.removed(old: item, path: pathNode(path, .index(position))))
                    continue
                }
                if !sameBytes(item, newItems[index]) {
                    // Named by both positions when it moved, so that every change inside it
                    // reads right against either document.
                    let step: JSONDiffPath.Component =
                        position == index ? .index(index) : .movedElement(old: position, new: index)
                    tasks.append(.compare(old: item, new: newItems[index], path: pathNode(path, step)))
                }
            }
            for (index, item) in newItems.enumerated() where !oldIDSet.contains(newIDs[index]) {
                tasks.append(.added(new: item, path: pathNode(path, .index(index))))
            }
        } else {
            let common = min(oldItems.count, newItems.count)
            for index in differing ?? Array(0..<common) where !sameBytes(oldItems[index], newItems[index]) {
                tasks.append(.compare(old: oldItems[index], new: newItems[index], path: pathNode(path, .index(index))))
            }
            for index in common..<oldItems.count {
                tasks.append(.removed(old: oldItems[index], path: pathNode(path, .index(index))))
            }
            for index in common..<newItems.count {
                tasks.append(.added(new: newItems[index], path: pathNode(path, .index(index))))
            }
        }
        stack.append(contentsOf: tasks.reversed())
    }

    // MARK: identity keys

    /// A value's bytes in one of the documents, compared and hashed by content.
    private struct RawBytes: Hashable {
        let start: UnsafeRawPointer
        let count: Int

        static func == (lhs: RawBytes, rhs: RawBytes) -> Bool {
            lhs.count == rhs.count && memcmp(lhs.start, rhs.start, lhs.count) == 0
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(bytes: UnsafeRawBufferPointer(start: start, count: count))
        }
    }

    /// The identity values of both arrays' elements under the first identity key that suits
    /// both, or nil when the elements pair by position.
    ///
    /// `differing` (for arrays of equal length) lists the positions whose elements differ. When
    /// those elements keep their identity value under a key, both arrays have the same value at
    /// every position, so the key suits one array exactly when it suits the other, and matching
    /// by it pairs elements by position: one array's values are all there is to check.
    private func identityPairing(_ oldItems: [Int], _ newItems: [Int], differing: [Int]?) -> ([RawBytes], [RawBytes])? {
        guard !oldItems.isEmpty, !newItems.isEmpty else { return nil }
        for key in identityKeys {
            let keyBytes = Array(key.utf8)
            if let differing,
                differing.allSatisfy({
                    identity(of: oldItems[$0], in: old, bytes: oldBytes, keyBytes: keyBytes)
                        == identity(of: newItems[$0], in: new, bytes: newBytes, keyBytes: keyBytes)
                })
            {
                if identities(of: oldItems, in: old, bytes: oldBytes, keyBytes: keyBytes) != nil { return nil }
                continue
            }
            if let oldIDs = identities(of: oldItems, in: old, bytes: oldBytes, keyBytes: keyBytes),
                let newIDs = identities(of: newItems, in: new, bytes: newBytes, keyBytes: keyBytes)
            {
                return (oldIDs, newIDs)
            }
        }
        return nil
    }

    /// Each element's identity value under one key, or nil unless every element is an object
    /// with a string or number under that key (its first member of that name) and no two
    /// values are the same.
    private func identities(
        of items: [Int], in document: JSONDocument, bytes: UnsafeRawBufferPointer, keyBytes: [UInt8]
    ) -> [RawBytes]? {
        var result: [RawBytes] = []
        result.reserveCapacity(items.count)
        var seen: Set<RawBytes> = []
        seen.reserveCapacity(items.count)
        for item in items {
            guard document.kind(item) == .objectStart,
                let id = identity(of: item, in: document, bytes: bytes, keyBytes: keyBytes),
                seen.insert(id).inserted
            else { return nil }
            result.append(id)
        }
        return result
    }

    /// The bytes of a string or number under the key in an object, or nil.
    private func identity(
        of item: Int, in document: JSONDocument, bytes: UnsafeRawBufferPointer, keyBytes: [UInt8]
    ) -> RawBytes? {
        guard
            let member = document.children(of: item).first(where: {
                Self.keyMatches($0, in: document, bytes: bytes, keyBytes: keyBytes)
            }),
            document.kind(member) == .string || document.kind(member) == .number
        else { return nil }
        let range = document.valueRange(member)
        return RawBytes(start: bytes.baseAddress! + range.lowerBound, count: range.count)
    }

    /// Whether a member's key is the one given, comparing the bytes between the quotes when the
    /// key has no escapes.
    private static func keyMatches(
        _ member: Int, in document: JSONDocument, bytes: UnsafeRawBufferPointer, keyBytes: [UInt8]
    ) -> Bool {
        guard let range = document.keyRange(member) else { return false }
        if document.hasEscapes(member, inKey: true) {
            return document.key(member).map { Array($0.utf8) == keyBytes } ?? false
        }
        guard range.count == keyBytes.count + 2 else { return false }
        return keyBytes.withUnsafeBytes { wanted in
            memcmp(bytes.baseAddress! + range.lowerBound + 1, wanted.baseAddress!, wanted.count) == 0
        }
    }

    // MARK: helpers

    private func members(of entry: Int, in document: JSONDocument) -> [Member] {
        var result: [Member] = []
        var seen: [ExactText: Int] = [:]
        for child in document.children(of: entry) {
            let name = document.key(child) ?? ""
            let text = ExactText(name)
            let occurrence = seen[text, default: 0]
            seen[text] = occurrence + 1
            result.append(Member(key: MemberKey(key: text, occurrence: occurrence), name: name, entry: child))
        }
        return result
    }

    /// Whether the two values' texts are the same bytes.
    private func sameBytes(_ oldEntry: Int, _ newEntry: Int) -> Bool {
        let oldRange = old.valueRange(oldEntry)
        let newRange = new.valueRange(newEntry)
        guard oldRange.count == newRange.count else { return false }
        guard oldRange.count > 0 else { return true }
        return memcmp(
            oldBytes.baseAddress! + oldRange.lowerBound, newBytes.baseAddress! + newRange.lowerBound, oldRange.count)
            == 0
    }

    private mutating func pathNode(_ parent: Int, _ component: JSONDiffPath.Component) -> Int {
        pathNodes.append((parent, component))
        return pathNodes.count - 1
    }

    private func path(_ node: Int) -> JSONDiffPath {
        var components: [JSONDiffPath.Component] = []
        var current = node
        while current >= 0 {
            components.append(pathNodes[current].component)
            current = pathNodes[current].parent
        }
        return JSONDiffPath(components.reversed())
    }

    private mutating func record(_ kind: JSONDiffChange.Kind, old oldEntry: Int?, new newEntry: Int?, path node: Int) {
        switch kind {
        case .added: added += 1
        case .removed: removed += 1
        case .changed, .typeChanged: changed += 1
        }
        guard changes.count < limit else { return }
        changes.append(
            JSONDiffChange(
                kind: kind, path: path(node), oldText: oldEntry.map(old.rawText), newText: newEntry.map(new.rawText),
                oldEntry: oldEntry, newEntry: newEntry))
    }

    private static func category(_ kind: JSONEntryKind) -> Category {
        switch kind {
        case .objectStart, .emptyObject, .objectEnd: return .object
        case .arrayStart, .emptyArray, .arrayEnd: return .array
        case .string: return .string
        case .number: return .number
        case .true, .false: return .boolean
        case .null: return .null
        }
    }
}
