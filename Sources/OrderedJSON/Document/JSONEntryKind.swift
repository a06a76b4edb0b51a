/// What one entry of a ``JSONDocument`` stands for.
///
/// A document is a flat list of entries in the order the text has them: one entry per scalar and
/// per empty container, and two per non-empty container (its opening and its closing bracket).
/// Pretty-printed with one value per line, entry `n` is line `n`.
public enum JSONEntryKind: UInt8, Sendable, CaseIterable {
    /// A string value.
    case string
    /// A number value (its text is kept exactly as sent).
    case number
    /// `true`.
    case `true`
    /// `false`.
    case `false`
    /// `null`.
    case null
    /// `{}` (with any whitespace inside).
    case emptyObject
    /// `[]` (with any whitespace inside).
    case emptyArray
    /// The `{` of a non-empty object.
    case objectStart
    /// The `[` of a non-empty array.
    case arrayStart
    /// The `}` of a non-empty object.
    case objectEnd
    /// The `]` of a non-empty array.
    case arrayEnd

    /// True for the opening bracket of a non-empty container.
    public var isOpening: Bool { self == .objectStart || self == .arrayStart }

    /// True for the closing bracket of a non-empty container.
    public var isClosing: Bool { self == .objectEnd || self == .arrayEnd }

    /// True for entries that are whole values on their own: scalars and empty containers.
    public var isLeaf: Bool { rawValue <= JSONEntryKind.emptyArray.rawValue }

    /// True for objects, empty or not, and their closing brackets.
    public var isObject: Bool { self == .emptyObject || self == .objectStart || self == .objectEnd }

    /// True for arrays, empty or not, and their closing brackets.
    public var isArray: Bool { self == .emptyArray || self == .arrayStart || self == .arrayEnd }

    /// True for strings, numbers, booleans and null.
    public var isScalar: Bool { rawValue <= JSONEntryKind.null.rawValue }
}
