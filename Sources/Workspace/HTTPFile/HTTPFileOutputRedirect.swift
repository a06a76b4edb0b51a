/// Where JetBrains' client writes the response: `>> ./out.json` (a new name when the file
/// exists) or `>>! ./out.json` (the file is overwritten). hammock keeps the line when it writes
/// the file back and does not act on it.
public struct HTTPFileOutputRedirect: Sendable, Hashable {
    /// The path as written.
    public var path: String
    /// True for `>>!`.
    public var overwrites: Bool

    /// Creates a redirect.
    public init(path: String, overwrites: Bool = false) {
        self.path = path
        self.overwrites = overwrites
    }
}
