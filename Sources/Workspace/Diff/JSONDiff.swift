import OrderedJSON

/// The structural differences between two JSON documents, by path: what was added, removed
/// or changed, each with the values' text exactly as sent.
///
/// ```swift
/// let diff = JSONDiff.compare(try JSONDocument(before), try JSONDocument(after))
/// print(diff.summary)                    // "+1 −0 ~2"
/// for change in diff.changes {
///     print(change.kind, change.path, change.oldText ?? "", "→", change.newText ?? "")
/// }
/// ```
///
/// How values are compared:
/// - Scalars by their raw text as sent: `1.0` and `1` differ, as do `"é"` and `"\u00e9"`;
///   whitespace between values does not matter.
/// - Objects by key: key order alone is not a change. A repeated key is matched by its
///   occurrence (the second `a` with the second `a`; see ``JSONDiffPath``).
/// - Arrays by position, except when every element of both arrays is a non-empty object with
///   a unique identity key: the first of ``identityKeys`` (`id`, `_id`, `uuid`, `key`, `name`)
///   that every element has (its first member of that name counts) with a string or number
///   value, compared as raw text, so `1` and `"1"` differ, and distinct within each array. Then elements are matched by that value, so an element
///   inserted at the front is one ``JSONDiffChange/Kind/added`` rather than a change at every
///   position, and a reordering alone is not a change. A changed element that moved is named by
///   both positions (`$.items[2→0].quantity`, see ``JSONDiffPath``); an added element by its
///   position in the new array, a removed one by its position in the old.
/// - A value whose type differs is one ``JSONDiffChange/Kind/typeChanged``; an added or
///   removed container is one change holding its whole text.
///
/// Changes come in document order (within a container: matched and removed members in the old
/// order, then added ones). The counts cover every difference; ``changes`` holds at most the
/// limit asked for, and ``isTruncated`` says when more exist.
///
/// Cost: both documents are walked once, and subtrees whose bytes are equal are skipped by one
/// byte comparison, so documents that differ in a few places diff in about the time it takes to
/// compare their bytes. There is no recursion: depth is not limited.
public struct JSONDiff: Sendable, Hashable {
    /// The changes found, at most the limit given to ``compare(_:_:limit:)``.
    public var changes: [JSONDiffChange]
    /// How many values were added, in all.
    public var addedCount: Int
    /// How many values were removed, in all.
    public var removedCount: Int
    /// How many values changed, type changes included, in all.
    public var changedCount: Int
    /// True when there are more differences than ``changes`` holds.
    public var isTruncated: Bool

    /// Creates a diff from its parts.
    public init(changes: [JSONDiffChange], addedCount: Int, removedCount: Int, changedCount: Int, isTruncated: Bool) {
        self.changes = changes
        self.addedCount = addedCount
        self.removedCount = removedCount
        self.changedCount = changedCount
        self.isTruncated = isTruncated
    }

    /// The number of differences, listed or not.
    public var totalCount: Int { addedCount + removedCount + changedCount }

    /// True when the documents have no differences (they may still differ in whitespace or
    /// key order).
    public var isEmpty: Bool { totalCount == 0 }

    /// The counts as `+added −removed ~changed`, such as `+2 −1 ~3`.
    public var summary: String { "+\(addedCount) −\(removedCount) ~\(changedCount)" }

    /// The keys tried, in order, to match array elements by identity.
    public static let identityKeys = ["id", "_id", "uuid", "key", "name"]

    /// How many changes ``compare(_:_:limit:)`` lists unless told otherwise.
    public static let defaultLimit = 1000

    /// The differences from `old` to `new`.
    ///
    /// - Parameter limit: The most changes to list (counts still cover all of them); 0 or less
    ///   lists none.
    public static func compare(_ old: JSONDocument, _ new: JSONDocument, limit: Int = defaultLimit) -> JSONDiff {
        old.withBytes { oldBytes in
            new.withBytes { newBytes in
                var differ = JSONDiffer(
                    old: old, new: new, oldBytes: oldBytes, newBytes: newBytes, limit: max(0, limit),
                    identityKeys: identityKeys)
                return differ.run()
            }
        }
    }
}
