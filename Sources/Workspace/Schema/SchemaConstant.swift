import Foundation

/// A value from a schema document (for `enum` and `const`), by document and entry.
struct SchemaConstant: Sendable {
    /// An index into ``SchemaProgram/documents``.
    var document: Int
    /// The value's entry.
    var entry: Int
}
