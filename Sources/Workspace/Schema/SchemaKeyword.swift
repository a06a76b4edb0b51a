import Foundation

/// A compiled keyword that applies to any kind of value (those that look inside objects and
/// arrays are gathered in ``SchemaObjectChecks`` and ``SchemaArrayChecks``). Subschemas are
/// node indices.
enum SchemaKeyword: Sendable {
    /// `$ref`: the target node.
    case reference(Int)
    /// `$dynamicRef`: the statically resolved target, and when that target carries a
    /// `$dynamicAnchor` of the fragment's name, the name's number in
    /// ``SchemaProgram/dynamicAnchors``.
    case dynamicReference(target: Int, anchor: Int?)
    /// `type`.
    case type(SchemaTypeSet)
    /// `enum`: the allowed values.
    case enumeration([SchemaConstant])
    /// `const`.
    case constant(SchemaConstant)
    /// `minimum`, `maximum`, `exclusiveMinimum` or `exclusiveMaximum`.
    case bound(SchemaBound)
    /// `multipleOf`: the divisor, and its text as written.
    case multipleOf(SchemaNumber, String)
    /// `minLength`, in Unicode scalars.
    case minLength(Int)
    /// `maxLength`, in Unicode scalars.
    case maxLength(Int)
    /// `pattern`: an index into ``SchemaProgram/patterns``.
    case pattern(Int)
    /// `format`, asserted.
    case format(SchemaFormat)
    /// `allOf`.
    case allOf([Int])
    /// `anyOf`.
    case anyOf([Int])
    /// `oneOf`.
    case oneOf([Int])
    /// `not`.
    case not(Int)
    /// `if` with its `then` and `else`.
    case conditional(condition: Int, then: Int?, else: Int?)
}
