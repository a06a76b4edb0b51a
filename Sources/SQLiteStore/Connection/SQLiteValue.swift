import Foundation

/// One value going into or coming out of SQLite: a bind parameter or a result column.
///
/// The cases follow SQLite's storage classes. Text is UTF-8; bytes are kept exactly, and an
/// empty blob stays an empty blob (it is not turned into `NULL`).
package enum SQLiteValue: Sendable, Hashable {
    /// A signed 64-bit integer.
    case integer(Int64)
    /// A 64-bit floating-point number.
    case real(Double)
    /// UTF-8 text. Text read back ends at its first NUL character, so keep NUL-free text here
    /// (JSON-encode or store as a blob otherwise).
    case text(String)
    /// Bytes, kept exactly.
    case blob(Data)
    /// SQL `NULL`.
    case null

    /// `.integer` for a value, `.null` for `nil`.
    package init(_ value: Int?) {
        self = value.map { .integer(Int64($0)) } ?? .null
    }

    /// `.integer` for a value, `.null` for `nil`.
    package init(_ value: Int64?) {
        self = value.map { .integer($0) } ?? .null
    }

    /// `.real` for a value, `.null` for `nil`.
    package init(_ value: Double?) {
        self = value.map { .real($0) } ?? .null
    }

    /// `.text` for a value, `.null` for `nil`.
    package init(_ value: String?) {
        self = value.map { .text($0) } ?? .null
    }

    /// `.blob` for a value, `.null` for `nil`.
    package init(_ value: Data?) {
        self = value.map { .blob($0) } ?? .null
    }

    /// True for SQL `NULL`.
    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value as an integer: integers as they are, reals truncated, text parsed; `nil` for
    /// `NULL`, blobs and text that is not a number.
    package var int64: Int64? {
        switch self {
        case .integer(let value): return value
        case .real(let value): return value.isFinite ? Int64(exactly: value.rounded(.towardZero)) : nil
        case .text(let value): return Int64(value)
        case .blob, .null: return nil
        }
    }

    /// The value as a floating-point number; `nil` for `NULL`, blobs and non-numeric text.
    package var double: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .real(let value): return value
        case .text(let value): return Double(value)
        case .blob, .null: return nil
        }
    }

    /// The value as text: text as it is, numbers in decimal, blobs decoded as UTF-8 (invalid
    /// sequences replaced); `nil` for `NULL`.
    package var string: String? {
        switch self {
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .text(let value): return value
        case .blob(let value): return String(decoding: value, as: UTF8.self)
        case .null: return nil
        }
    }

    /// The value as bytes: blobs as they are, text as its UTF-8 bytes; `nil` for `NULL` and
    /// numbers.
    package var data: Data? {
        switch self {
        case .blob(let value): return value
        case .text(let value): return Data(value.utf8)
        case .integer, .real, .null: return nil
        }
    }
}
