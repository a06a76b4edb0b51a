/// What a viewport needs to know to move: how many lines its content has, how large the page
/// is that shows them, and whether some visible line is cut at the right edge.
public struct ViewportMetrics: Sendable, Equatable {
    /// Lines of content.
    public var lineCount: Int
    /// Rows of the page (at least 1).
    public var pageHeight: Int
    /// Columns of the page (at least 1).
    public var pageWidth: Int
    /// True when a visible line goes on past the right edge.
    public var isCutRight: Bool

    /// Creates metrics.
    public init(lineCount: Int, pageHeight: Int, pageWidth: Int, isCutRight: Bool = false) {
        self.lineCount = max(0, lineCount)
        self.pageHeight = max(1, pageHeight)
        self.pageWidth = max(1, pageWidth)
        self.isCutRight = isCutRight
    }
}
