import TUICore

/// Where a scrolling view stands: its first visible line, its cursor line when it has one, the
/// first visible column, and, when long lines wrap, the row within the line at the top. One
/// value serves every view that scrolls (latestData, Events, help, viewers, lists, the WebSocket
/// console), with one set of keys (``bindings``) and one sideways step (half the page).
///
/// It knows nothing of what it shows: each move is given the content's size and the page's
/// (``ViewportMetrics``), from the frame last drawn.
public struct Viewport: Sendable, Equatable {
    /// The first visible line.
    public var top = 0
    /// The cursor line, for views that have one (a body, a list; see ``hasCursor``).
    public var cursor = 0
    /// True for views with a cursor line, which moves while the page follows it; false for views
    /// that only scroll.
    public var hasCursor: Bool
    /// The first visible column when long lines are cut, counted in terminal columns of the
    /// drawn (sanitised) text.
    public var left = 0
    /// When lines wrap: the wrapped row of the top line that is first on screen.
    public var topRow = 0
    /// True when long lines wrap at the page's edge instead of being cut.
    public var wraps = false

    /// A viewport at the top; with a cursor when `hasCursor`.
    public init(hasCursor: Bool = false) {
        self.hasCursor = hasCursor
    }

    /// A viewport with a cursor at `cursor`, `top` first on screen and `left` the first column.
    public init(cursor: Int, top: Int = 0, left: Int = 0) {
        hasCursor = true
        self.cursor = max(0, cursor)
        self.top = max(0, top)
        self.left = max(0, left)
    }

    /// Moves ``top`` so the cursor is on a page of `height` rows.
    public mutating func keepCursorVisible(height: Int) {
        let rows = max(1, height)
        if cursor < top { top = cursor }
        if cursor >= top + rows { top = cursor - rows + 1 }
        top = max(0, top)
    }

    /// The actions a viewport takes, by the names key maps use.
    public enum Action: String, CaseIterable, Sendable {
        /// Down a line.
        case down
        /// Up a line.
        case up
        /// Down a page.
        case pageDown
        /// Up a page.
        case pageUp
        /// The first line.
        case top
        /// The last line.
        case bottom
        /// Half a page to the left.
        case left
        /// Half a page to the right, while some visible line is cut.
        case right
    }

    /// The keys of every scrolling view, with their help (a layer adds them to its own).
    public static let bindings: [Binding] = [
        Binding(Action.down.rawValue, [.character("j"), .down, .wheelDown], "down a line"),
        Binding(Action.up.rawValue, [.character("k"), .up, .wheelUp], "up a line"),
        Binding(Action.pageDown.rawValue, [.pageDown, .character(" ")], "down a page"),
        Binding(Action.pageUp.rawValue, [.pageUp], "up a page"),
        Binding(Action.top.rawValue, [.home, .character("<")], "the first line"),
        Binding(Action.bottom.rawValue, [.end, .character(">")], "the last line"),
        Binding(Action.left.rawValue, [.left, .character("H")], "scroll left half a page (long lines)"),
        Binding(Action.right.rawValue, [.right, .character("L")], "scroll right half a page (long lines)"),
    ]

    /// ``bindings`` without sideways scrolling (for views whose lines never run past the edge),
    /// the line keys shown in the footer as `scroll` at `footer` when given.
    public static func bindings(sideways: Bool = true, footer: Int? = nil) -> [Binding] {
        bindings.compactMap { binding in
            if !sideways, binding.action == Action.left.rawValue || binding.action == Action.right.rawValue {
                return nil
            }
            var binding = binding
            if binding.action == Action.down.rawValue, let footer {
                binding.footer = footer
                binding.footerLabel = "scroll"
            }
            return binding
        }
    }

    /// The sideways step for a page `width` columns wide: half of it.
    public static func sidewaysStep(width: Int) -> Int { max(1, width / 2) }

    /// Applies `action` (a name from ``bindings``); false when the name is not a viewport action.
    @discardableResult
    public mutating func perform(_ name: String, in metrics: ViewportMetrics) -> Bool {
        guard let action = Action(rawValue: name) else { return false }
        perform(action, in: metrics)
        return true
    }

    /// Applies `action`.
    public mutating func perform(_ action: Action, in metrics: ViewportMetrics) {
        let page = max(1, metrics.pageHeight - 1)
        switch action {
        case .down: move(by: 1, metrics)
        case .up: move(by: -1, metrics)
        case .pageDown: move(by: page, metrics)
        case .pageUp: move(by: -page, metrics)
        case .top: move(by: Int.min / 2, metrics)
        case .bottom: move(by: Int.max / 2, metrics)
        case .left: left = max(0, left - Self.sidewaysStep(width: metrics.pageWidth))
        case .right:
            if metrics.isCutRight, !wraps { left += Self.sidewaysStep(width: metrics.pageWidth) }
        }
    }

    /// Moves the cursor (or, without one, the top line) by `lines`, within the content, keeping
    /// the cursor on the page and the last page full.
    public mutating func move(by lines: Int, _ metrics: ViewportMetrics) {
        let last = max(0, metrics.lineCount - 1)
        if hasCursor {
            cursor = min(last, max(0, cursor.addingClamped(lines)))
            keepCursorVisible(height: metrics.pageHeight)
        } else {
            let maximumTop = max(0, metrics.lineCount - metrics.pageHeight)
            top = min(maximumTop, max(0, top.addingClamped(lines)))
        }
        topRow = 0
    }

    /// Brings the viewport back within content of `metrics`' size (after the content or the page
    /// changed).
    public mutating func clamp(_ metrics: ViewportMetrics) {
        move(by: 0, metrics)
    }
}

extension Int {
    /// `self + other`, stopping at the ends of `Int` instead of overflowing.
    fileprivate func addingClamped(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? Int.max : Int.min) : sum
    }
}
