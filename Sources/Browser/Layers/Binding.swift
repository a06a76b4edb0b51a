import TUICore

/// One thing a layer does on a key: the action's name (what key maps use), its keys, and what
/// `?` help and the footer say of it. Help and footers are made from bindings only, so a key is
/// described where it is bound and nowhere else.
public struct Binding: Sendable, Equatable {
    /// The action's name within its layer (`send`, `close`); a key map names it
    /// `layer.action` (`form.send`).
    public var action: String
    /// The keys, the first shown first.
    public var keys: [Key]
    /// What the action does, for `?` help.
    public var help: String
    /// The heading it is listed under in help, when the layer groups its keys.
    public var group: String?
    /// Where it stands in the footer (lower first, kept longer when the footer is short); nil
    /// when it is not in the footer.
    public var footer: Int?
    /// The footer's words for it (`send`), when they are shorter than ``help``.
    public var footerLabel: String?

    /// Creates a binding.
    public init(
        _ action: String, _ keys: [Key], _ help: String, group: String? = nil, footer: Int? = nil,
        footerLabel: String? = nil
    ) {
        self.action = action
        self.keys = keys
        self.help = help
        self.group = group
        self.footer = footer
        self.footerLabel = footerLabel
    }

    /// The keys as help shows them (`Ctrl-S`, `j Down`).
    public var keyNames: String { keys.map(\.name).joined(separator: " ") }
}

extension Array where Element == Binding {
    /// The action bound to `key`, if any.
    public func action(for key: Key) -> String? {
        first { $0.keys.contains(key) }?.action
    }

    /// The binding of `action`, if there is one.
    public func binding(_ action: String) -> Binding? {
        first { $0.action == action }
    }

    /// The help rows: a heading row (empty keys) before each group's first binding, then
    /// `(keys, help)` for every binding with keys.
    public var helpRows: [(keys: String, summary: String)] {
        var rows: [(keys: String, summary: String)] = []
        var group: String?
        for binding in self where !binding.keys.isEmpty {
            if let heading = binding.group, heading != group {
                rows.append(("", heading))
                group = heading
            }
            rows.append((binding.keyNames, binding.help))
        }
        return rows
    }
}
