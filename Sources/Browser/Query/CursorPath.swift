import OrderedJSON

/// The normalized path of the JSON value under latestData's cursor, worked out once when the
/// cursor comes to another value (naming an element deep in a large array walks over its
/// earlier siblings), not on every frame that shows it.
public struct CursorPath: Sendable, Equatable {
    /// The document the path is in.
    public let document: JSONDocument
    /// The entry under the cursor.
    public let entry: Int
    /// Its normalized path (`$['items'][3]['id']`).
    public let path: String

    /// True when this is the path of `entry` in `document`.
    public func names(_ entry: Int, in document: JSONDocument) -> Bool {
        self.entry == entry && self.document === document
    }

    /// Equal when they name the same entry of the same document.
    public static func == (lhs: CursorPath, rhs: CursorPath) -> Bool {
        lhs.names(rhs.entry, in: rhs.document)
    }
}
