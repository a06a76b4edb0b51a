import Foundation

/// The keywords of one schema that look inside arrays, run together in one pass over the items:
/// `prefixItems` and `items` (draft 4's array `items` and `additionalItems`), `contains` with
/// `minContains` and `maxContains`, `minItems`, `maxItems` and `uniqueItems`.
struct SchemaArrayChecks: Sendable {
    /// Subschemas for the first items, one each.
    var prefixItems: [Int] = []
    /// The subschema for the items after the prefix.
    var items: Int?
    /// The keyword that ``items`` came from: `items`, or `additionalItems` in draft 4.
    var itemsKeyword = "items"
    /// `contains`.
    var contains: Int?
    /// `minContains` (1 unless given).
    var minContains = 1
    /// `maxContains`.
    var maxContains: Int?
    /// `minItems`.
    var minItems: Int?
    /// `maxItems`.
    var maxItems: Int?
    /// `uniqueItems: true`.
    var uniqueItems = false

    /// True when the pass needs to visit the items.
    var visitsItems: Bool {
        !prefixItems.isEmpty || items != nil || contains != nil || minItems != nil || maxItems != nil || uniqueItems
    }
}
