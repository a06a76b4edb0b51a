/// One node a ``JSONPath`` selected: a value of a ``JSONDocument``, named by its entry.
///
/// Read the value with the document's API (``JSONDocument/kind(_:)``,
/// ``JSONDocument/rawText(_:)``, ``JSONDocument/string(_:)``…). The normalized path is worked out
/// only when read, by walking from the entry up to the root, so selecting a million nodes costs
/// no strings.
///
/// ```swift
/// let document = try JSONDocument(#"{"items": [{"id": 7}]}"#)
/// let node = try JSONPath("$.items[0].id").select(in: document)[0]
/// document.rawText(node.entry)   // "7"
/// node.normalizedPath            // "$['items'][0]['id']"
/// ```
public struct JSONPathNode: Hashable, Sendable, CustomStringConvertible {
    /// The document the node belongs to.
    public let document: JSONDocument
    /// The node's entry in ``document``: for a non-empty container, its opening bracket.
    public let entry: Int

    /// Creates a node for an entry of a document.
    public init(document: JSONDocument, entry: Int) {
        self.document = document
        self.entry = entry
    }

    /// The node's normalized path (RFC 9535 §2.7), such as `$['items'][3]['id']`, worked out on
    /// each read (see ``JSONDocument/normalizedPath(of:)``).
    public var normalizedPath: String { document.normalizedPath(of: entry) }

    /// The normalized path and the entry, such as `$['items'][0] (entry 2)`.
    public var description: String { "\(normalizedPath) (entry \(entry))" }

    /// Two nodes are equal when they are the same entry of the same document.
    public static func == (lhs: JSONPathNode, rhs: JSONPathNode) -> Bool {
        lhs.entry == rhs.entry && lhs.document === rhs.document
    }

    /// Hashes the entry and the document's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(entry)
        hasher.combine(ObjectIdentifier(document))
    }
}
