/// One row of a ``Picker``: what it shows and the id its commands use.
public struct PickerItem: Sendable, Equatable {
    /// The id commands use (a history entry's number, a saved request's path, an environment's
    /// name).
    public var id: String
    /// The main text.
    public var label: String
    /// Muted text after the label (status, time, method…).
    public var detail: String
    /// True when the item is a problem to read rather than something to pick (a file that
    /// does not parse).
    public var isProblem: Bool
    /// Indentation level in a tree (collection groups).
    public var depth: Int
    /// True for a group heading in a tree; it cannot be opened.
    public var isGroup: Bool
    /// A secret shown after the label only once revealed (a cookie's value); masked until then.
    public var secret: String?

    /// Creates an item.
    public init(
        id: String, label: String, detail: String = "", isProblem: Bool = false, depth: Int = 0, isGroup: Bool = false,
        secret: String? = nil
    ) {
        self.secret = secret
        self.id = id
        self.label = label
        self.detail = detail
        self.isProblem = isProblem
        self.depth = depth
        self.isGroup = isGroup
    }
}
