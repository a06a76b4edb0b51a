import TUICore

/// Where each pane goes for a terminal size: two columns from 100 columns up, one column
/// below, a compact one-column layout under 30 rows (isLoading and latestError folded into the
/// URL pane), an unboxed URL header and one line of Events under 20 rows, and nothing but a
/// "too small" notice below 40×12.
public struct BrowserLayout: Equatable, Sendable {
    /// The smallest terminal that gets the full screen.
    public static let minimumWidth = 40
    /// The smallest terminal height that gets the full screen.
    public static let minimumHeight = 12

    /// Frames of the visible panes (boxes included). Missing panes are not shown.
    public var frames: [Pane: Rect]
    /// The status line (bottom row).
    public var status: Rect
    /// True when the terminal is below the minimum size.
    public var isTooSmall: Bool
    /// True when isLoading and latestError are folded into the URL pane's second line.
    public var isCompact: Bool
    /// False on short terminals, where the URL pane is two unboxed lines at the top.
    public var isURLBoxed: Bool

    /// Computes the layout; with `watchRows` (the number of pinned resources), the watch board
    /// takes the top of latestData's area.
    public init(width: Int, height: Int, showResources: Bool, watchRows: Int? = nil) {
        frames = [:]
        isCompact = false
        isURLBoxed = true
        let screen = Rect(x: 0, y: 0, width: width, height: height)
        guard width >= BrowserLayout.minimumWidth, height >= BrowserLayout.minimumHeight else {
            isTooSmall = true
            status = Rect(x: 0, y: 0, width: 0, height: 0)
            return
        }
        isTooSmall = false
        let (main, statusRow) = screen.splitBottom(1)
        status = statusRow
        if width >= 100 && height >= 24 {
            let rightWidth = max(34, width * 38 / 100)
            let (left, right) = main.splitLeft(width - rightWidth)
            let (urlFrame, dataArea) = left.splitTop(4)
            frames[.url] = urlFrame
            placeData(dataArea, showResources: showResources, watchRows: watchRows)
            let (loadingFrame, rest) = right.splitTop(6)
            let (errorFrame, eventsFrame) = rest.splitTop(max(5, min(9, rest.height / 3)))
            frames[.isLoading] = loadingFrame
            frames[.latestError] = errorFrame
            frames[.events] = eventsFrame
        } else if height >= 30 {
            let (urlFrame, rest1) = main.splitTop(4)
            let (loadingFrame, rest2) = rest1.splitTop(4)
            let (rest3, eventsFrame) = rest2.splitBottom(max(4, rest2.height / 4))
            let (dataArea, errorFrame) = rest3.splitBottom(4)
            frames[.url] = urlFrame
            frames[.isLoading] = loadingFrame
            frames[.latestError] = errorFrame
            frames[.events] = eventsFrame
            placeData(dataArea, showResources: showResources, watchRows: watchRows)
        } else {
            // Under 20 rows: two unboxed URL lines and one line of Events, the rest for latestData.
            isCompact = true
            isURLBoxed = height >= 20
            let (urlFrame, rest) = main.splitTop(isURLBoxed ? 4 : 2)
            let (dataArea, eventsFrame) = rest.splitBottom(isURLBoxed ? 4 : 3)
            frames[.url] = urlFrame
            frames[.events] = eventsFrame
            placeData(dataArea, showResources: showResources, watchRows: watchRows)
        }
    }

    private mutating func placeData(_ area: Rect, showResources: Bool, watchRows: Int?) {
        var area = area
        if let watchRows {
            // The board's rows plus its box, at most half the area; latestData keeps at least 3 rows.
            let rows = min(max(3, watchRows + 2), max(3, area.height / 2))
            guard area.height - rows >= 3 else {
                frames[.watch] = area
                return
            }
            let (board, rest) = area.splitTop(rows)
            frames[.watch] = board
            area = rest
        }
        if showResources && area.width >= 60 {
            let (list, data) = area.splitLeft(min(40, area.width / 3))
            frames[.resources] = list
            frames[.latestData] = data
        } else if showResources {
            let (list, data) = area.splitTop(area.height / 2)
            frames[.resources] = list
            frames[.latestData] = data
        } else {
            frames[.latestData] = area
        }
    }

    /// Rows of content inside a pane's box (0 if the pane is hidden).
    public func innerHeight(_ pane: Pane) -> Int { frames[pane].map { max(0, $0.height - 2) } ?? 0 }

    /// Columns of content inside a pane's box (0 if the pane is hidden).
    public func innerWidth(_ pane: Pane) -> Int { frames[pane].map { max(0, $0.width - 2) } ?? 0 }

    /// Panes that take focus (every visible one: all scroll sideways), in Tab order.
    public var focusablePanes: [Pane] {
        [Pane.latestData, .watch, .events, .resources, .url, .isLoading, .latestError].filter { frames[$0] != nil }
    }
}
