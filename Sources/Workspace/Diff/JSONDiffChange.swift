/// One difference between two JSON documents: what happened, where, and the values' text as
/// sent.
public struct JSONDiffChange: Sendable, Hashable {
    /// What happened to the value at ``path``.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The new document has a value the old one has not (``JSONDiffChange/newText`` is set).
        case added
        /// The old document has a value the new one has not (``JSONDiffChange/oldText`` is set).
        case removed
        /// Both have a value of the same type whose text differs (both texts are set). For
        /// objects and arrays the changes inside are listed instead, never the container.
        case changed
        /// The value's type differs (object, array, string, number, boolean, null): an object
        /// became an array, a number a string, … (both texts are set, nothing inside is listed).
        case typeChanged
    }

    /// What happened.
    public var kind: Kind
    /// Where, in both documents: an array element matched by an identity key at another
    /// position is ``JSONDiffPath/Component/movedElement(old:new:)`` (`$.items[2→0].quantity`);
    /// the last step of an added value is its position in the new document, of a removed one
    /// its position in the old. ``JSONDiffPath/oldPath`` and ``JSONDiffPath/newPath`` give the
    /// path in one document.
    public var path: JSONDiffPath
    /// The old value's text exactly as sent (a whole subtree for a container), or nil when added.
    public var oldText: String?
    /// The new value's text exactly as sent, or nil when removed.
    public var newText: String?
    /// The old value's entry in the old `JSONDocument`, or nil when added.
    public var oldEntry: Int?
    /// The new value's entry in the new `JSONDocument`, or nil when removed.
    public var newEntry: Int?

    /// Creates a change.
    public init(
        kind: Kind, path: JSONDiffPath, oldText: String? = nil, newText: String? = nil, oldEntry: Int? = nil,
        newEntry: Int? = nil
    ) {
        self.kind = kind
        self.path = path
        self.oldText = oldText
        self.newText = newText
        self.oldEntry = oldEntry
        self.newEntry = newEntry
    }
}
