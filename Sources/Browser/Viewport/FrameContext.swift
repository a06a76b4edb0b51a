/// What the key handling needs to know of the frame last drawn, computed once per frame by the
/// view (``BrowserView/frameContext(of:)``) and kept in ``BrowserState/frame``: the size of each
/// scrolling page and whether its lines are cut at the right edge. `update` reads it and never
/// calls view code.
public struct FrameContext: Sendable, Equatable {
    /// A page that scrolls.
    public enum Page: Hashable, Sendable {
        /// The latestData pane.
        case latestData
        /// The Events pane.
        case events
        /// The resources list.
        case resources
        /// The watch board.
        case watch
        /// The URL pane.
        case url
        /// The isLoading pane.
        case isLoading
        /// The latestError pane.
        case latestError
        /// The top layer's page (help, a viewer, a list, the console).
        case layer
    }

    /// A page's size as drawn.
    public struct PageSize: Sendable, Equatable {
        /// Rows.
        public var height: Int
        /// Columns.
        public var width: Int
        /// True when a visible line goes on past the right edge.
        public var isCutRight: Bool
        /// The lines the view laid its content out in, when that differs from the content's own
        /// count (help in two columns); nil otherwise.
        public var lineCount: Int?

        /// Creates a size.
        public init(height: Int, width: Int, isCutRight: Bool = false, lineCount: Int? = nil) {
            self.height = height
            self.width = width
            self.isCutRight = isCutRight
            self.lineCount = lineCount
        }
    }

    /// Each page's size as drawn.
    public var pages: [Page: PageSize] = [:]

    /// An empty context (before the first frame).
    public init() {}

    /// The page's rows (`fallback` when it was not drawn).
    public func height(_ page: Page, fallback: Int = 1) -> Int { pages[page]?.height ?? fallback }

    /// The page's columns (`fallback` when it was not drawn).
    public func width(_ page: Page, fallback: Int = 1) -> Int { pages[page]?.width ?? fallback }

    /// True when a visible line of the page is cut at its right edge.
    public func isCutRight(_ page: Page) -> Bool { pages[page]?.isCutRight ?? false }

    /// The metrics of `page` for content of `lineCount` lines (or the lines the view laid it out
    /// in, when it said).
    public func metrics(_ page: Page, lineCount: Int) -> ViewportMetrics {
        ViewportMetrics(
            lineCount: pages[page]?.lineCount ?? lineCount, pageHeight: height(page), pageWidth: width(page),
            isCutRight: isCutRight(page))
    }
}

extension FrameContext.Page {
    /// The page of a main-view pane.
    public init(_ pane: Pane) {
        switch pane {
        case .url: self = .url
        case .latestData: self = .latestData
        case .latestError: self = .latestError
        case .isLoading: self = .isLoading
        case .events: self = .events
        case .resources: self = .resources
        case .watch: self = .watch
        }
    }
}
