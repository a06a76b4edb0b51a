extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpacesAndTabs: Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let start = firstIndex { !isBlank($0) } ?? endIndex
        let end = lastIndex { !isBlank($0) }.map { index(after: $0) } ?? start
        return Substring(self[start..<Swift.max(start, end)])
    }
}
