/// What an assertion looks at instead of the value itself: written after the query
/// (`$.items count == 3`).
public enum RunFilter: String, Sendable, Hashable, CaseIterable {
    /// How many: the members or elements of a single array or object, else how many values the
    /// query selected.
    case count
    /// The length of a string in characters; for anything else, as ``count``.
    case length
    /// The JSON type: `string`, `number` (`integer` when it has no fraction or exponent),
    /// `boolean`, `null`, `array`, `object`.
    case type
}
