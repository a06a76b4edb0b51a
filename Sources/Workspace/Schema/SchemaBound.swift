import Foundation

/// A `minimum`-like bound.
struct SchemaBound: Sendable {
    /// The keyword as written in the schema: `minimum`, `exclusiveMaximum`…
    var keyword: String
    /// The limit.
    var limit: SchemaNumber
    /// The limit as an `Int` when it is a whole number that fits, for the quick path.
    var integerLimit: Int?
    /// The limit's text as written.
    var text: String
    /// True for a lower bound.
    var isMinimum: Bool
    /// True when the limit itself is not allowed.
    var isExclusive: Bool
}
