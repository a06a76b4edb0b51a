import Foundation

/// A `minimum`-like bound (a class, so that running the keyword copies one reference).
final class SchemaBound: Sendable {
    /// The keyword as written in the schema: `minimum`, `exclusiveMaximum`…
    let keyword: String
    /// The limit.
    let limit: SchemaNumber
    /// The limit as an `Int` when it is a whole number that fits, for the quick path.
    let integerLimit: Int?
    /// The limit's text as written.
    let text: String
    /// True for a lower bound.
    let isMinimum: Bool
    /// True when the limit itself is not allowed.
    let isExclusive: Bool

    init(keyword: String, limit: SchemaNumber, text: String, isMinimum: Bool, isExclusive: Bool) {
        self.keyword = keyword
        self.limit = limit
        self.integerLimit = limit.intValue
        self.text = text
        self.isMinimum = isMinimum
        self.isExclusive = isExclusive
    }
}
