import Foundation

/// One row of a query's result: its values in the order of the statement's result columns,
/// and the columns' names.
package struct SQLiteResultRow: Sendable, Hashable {
    /// The column names, as SQLite reports them (the `AS` alias when there is one).
    package let columnNames: [String]
    /// The values, one per column, in column order.
    package let values: [SQLiteValue]

    /// Creates a row; `columnNames` and `values` have the same count.
    package init(columnNames: [String], values: [SQLiteValue]) {
        self.columnNames = columnNames
        self.values = values
    }

    /// The value of column `index` (0-based); `.null` past the last column.
    package subscript(index: Int) -> SQLiteValue {
        values.indices.contains(index) ? values[index] : .null
    }

    /// The value of the first column named `name` (exact case); `.null` when there is none.
    package subscript(name: String) -> SQLiteValue {
        columnNames.firstIndex(of: name).map { values[$0] } ?? .null
    }

    /// Column `index` as text; `nil` for `NULL` (see ``SQLiteValue/string``).
    package func string(_ index: Int) -> String? { self[index].string }

    /// Column `index` as an integer; `nil` for `NULL` (see ``SQLiteValue/int64``).
    package func int64(_ index: Int) -> Int64? { self[index].int64 }

    /// Column `index` as an `Int`; `nil` for `NULL` or a value out of `Int`'s range.
    package func int(_ index: Int) -> Int? { self[index].int64.flatMap { Int(exactly: $0) } }

    /// Column `index` as a floating-point number; `nil` for `NULL`.
    package func double(_ index: Int) -> Double? { self[index].double }

    /// Column `index` as bytes; `nil` for `NULL` (see ``SQLiteValue/data``).
    package func data(_ index: Int) -> Data? { self[index].data }
}
