extension BlockingSQLiteConnection {
    /// Why the file cannot hold a store whose layout is version `formatVersion` with `table`
    /// having at least `columns`, without changing anything: its `user_version` is newer than
    /// ours, or an existing `table` lacks some of the columns. Nil when it can (a new file, or
    /// one of this layout or an older one).
    package func layoutIncompatibility(formatVersion: Int, table: String, columns: Set<String>) throws -> String? {
        let version = try userVersion()
        guard version <= formatVersion else {
            return "its format version is \(version), this version reads up to \(formatVersion)"
        }
        let found = Set(try columnNames(ofTable: table))
        guard found.isEmpty || columns.isSubset(of: found) else {
            return "its \(table) table lacks the columns \(columns.subtracting(found).sorted())"
        }
        return nil
    }
}
