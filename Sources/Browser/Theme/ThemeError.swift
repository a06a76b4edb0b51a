/// A problem in a theme file, located precisely enough to fix it.
public struct ThemeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file (path as given).
    public var file: String
    /// 1-based line, or nil when the whole file is at fault.
    public var line: Int?
    /// The slot path (`colors.accent`), or nil.
    public var slot: String?
    /// What is wrong.
    public var reason: String

    /// Creates an error.
    public init(file: String, line: Int?, slot: String?, reason: String) {
        self.file = file
        self.line = line
        self.slot = slot
        self.reason = reason
    }

    /// `x.yaml:7: colors.accent: "purpul" is not a colour …`.
    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        text += ": "
        if let slot { text += "\(slot): " }
        return text + reason
    }
}
