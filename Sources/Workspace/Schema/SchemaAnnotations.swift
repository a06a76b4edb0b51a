import Foundation

/// Which members or items of one object or array the keywords of a schema evaluated, as
/// `unevaluatedProperties` and `unevaluatedItems` need to know. Only schemas that passed
/// contribute: a failed subschema's annotations are dropped.
struct SchemaAnnotations {
    /// True when every member or item was evaluated.
    var all = false
    /// For arrays: the number of leading items evaluated (`prefixItems`).
    var prefix = 0
    /// The entries of members or items evaluated one by one.
    var children: Set<Int> = []

    /// Adds what `other` evaluated.
    mutating func merge(_ other: SchemaAnnotations) {
        all = all || other.all
        prefix = max(prefix, other.prefix)
        if !other.children.isEmpty { children.formUnion(other.children) }
    }

    /// True when the member or item at `entry`, at position `index`, was evaluated.
    func covers(_ entry: Int, index: Int) -> Bool {
        all || index < prefix || children.contains(entry)
    }
}
