import Foundation
import Safety
import Siesta
import TUICore
import Workspace

extension BrowserState {
    mutating func scroll(by amount: Int) {
        switch focus {
        case .events:
            let visible = layout.innerHeight(.events)
            let maximum = max(0, events.count - visible)
            eventsScroll = min(maximum, max(0, eventsScroll - clampStep(amount)))
        case .resources:
            resourcesCursor = min(max(0, resourceOrder.count - 1), max(0, resourcesCursor + clampStep(amount)))
        case .watch:
            watch.cursor = min(max(0, watch.entries.count - 1), max(0, watch.cursor + clampStep(amount)))
        default:
            guard let body = shownBody else { return }
            var position = self.position
            if amount >= Int.max / 4 {
                position.cursor = max(0, body.lineCount - 1)
            } else if amount <= Int.min / 4 {
                position.cursor = 0
            } else {
                var target = max(0, position.cursor + amount)
                if !body.hasLine(target) {
                    // Step back to the last existing line without counting the whole body.
                    var low = position.cursor
                    var high = target
                    while low + 1 < high {
                        let middle = low + (high - low) / 2
                        if body.hasLine(middle) { low = middle } else { high = middle }
                    }
                    target = low
                }
                position.cursor = target
            }
            keepCursorVisible(&position, body: body)
            self.position = position
        }
    }

    /// Moves `top` (and, with wrapped lines, `topRow`) so the cursor line's first row shows.
    func keepCursorVisible(_ position: inout Viewport, body: BodyContent?) {
        let height = max(1, layout.innerHeight(.latestData))
        guard wrapsLines, let body else {
            position.topRow = 0
            position.keepCursorVisible(height: height)
            return
        }
        let width = layout.innerWidth(.latestData)
        if position.cursor < position.top {
            position.top = position.cursor
            position.topRow = 0
            return
        }
        // The top line may have fewer rows than before (a resize, a new body).
        if position.topRow > 0 {
            let rows = wrappedRowCount(body, line: position.top, width: width, maximum: position.topRow + 1)
            position.topRow = min(position.topRow, rows - 1)
        }
        if position.cursor == position.top { return }
        // Every line takes a row at least, so a cursor this far down is out of view.
        if position.cursor - position.top >= height {
            position.top = position.cursor
            position.topRow = 0
            return
        }
        // Rows past a page do not matter: such a line leaves the window either way.
        var rowCounts: [Int] = []
        for line in position.top..<position.cursor {
            let skipped = line == position.top ? position.topRow : 0
            rowCounts.append(wrappedRowCount(body, line: line, width: width, maximum: skipped + height + 1) - skipped)
        }
        var rows = rowCounts.reduce(0, +)
        var index = 0
        while rows >= height, position.top < position.cursor {
            rows -= rowCounts[index]
            index += 1
            position.top += 1
            position.topRow = 0
        }
    }

    /// Rows line `line` takes when wrapped, counting at most `maximum` (a cheap answer to "does
    /// it have more than N rows" for very long lines).
    func wrappedRowCount(
        _ body: BodyContent, line: Int, width: Int, maximum: Int = BodyLayout.maximumWrappedRows
    ) -> Int {
        BodyLayout.wrappedRows(body, line: line, theme: theme, width: width, maximumRows: maximum)?.count ?? 1
    }

    /// With wrapped lines, scrolls latestData by rows (a long line can be read row by row);
    /// the cursor goes to the line at the top of the window.
    mutating func scrollWrappedRows(by amount: Int) {
        guard let body = shownBody else { return }
        let width = layout.innerWidth(.latestData)
        var position = self.position
        position.topRow += amount
        if amount > 0 {
            while true {
                let rows = wrappedRowCount(body, line: position.top, width: width, maximum: position.topRow + 1)
                if position.topRow < rows { break }
                guard body.hasLine(position.top + 1) else {
                    position.topRow = max(0, rows - 1)
                    break
                }
                position.topRow -= rows
                position.top += 1
            }
        } else {
            while position.topRow < 0 {
                guard position.top > 0 else {
                    position.topRow = 0
                    break
                }
                position.top -= 1
                position.topRow += wrappedRowCount(body, line: position.top, width: width)
            }
        }
        position.cursor = position.top
        self.position = position
    }

    /// Moves the focused pane's first visible column by half the pane's width. Moving right
    /// stops once no visible line is cut off on the right, so the view never scrolls into
    /// emptiness.
    mutating func scrollSideways(right: Bool) {
        if focus != .latestData {
            let step = max(1, layout.innerWidth(focus) / 2)
            let left = paneLeft[focus] ?? 0
            if right {
                guard frame.isCutRight(FrameContext.Page(focus)), left < PaneViewport.maximumLeft else {
                    status = StatusMessage("no more text to the right")
                    return
                }
                paneLeft[focus] = left + step
            } else {
                paneLeft[focus] = max(0, left - step)
            }
            return
        }
        guard shownBody != nil else { return }
        if wrapsLines {
            status = StatusMessage("lines wrap: nothing to scroll sideways (W cuts them again)")
            return
        }
        let width = layout.innerWidth(.latestData)
        guard width > 0 else { return }
        let step = max(1, width / 2)
        var position = self.position
        if right {
            guard frame.isCutRight(.latestData) else {
                status = StatusMessage("no more text to the right")
                return
            }
            position.left += step
        } else {
            position.left = max(0, position.left - step)
        }
        self.position = position
    }

    func clampStep(_ amount: Int) -> Int { max(-1_000_000, min(1_000_000, amount)) }

    mutating func clampPositions() {
        guard let body = shownBody else { return }
        var position = self.position
        if !body.hasLine(position.cursor) {
            var low = 0
            var high = position.cursor
            while low + 1 < high {
                let middle = (low + high) / 2
                if body.hasLine(middle) { low = middle } else { high = middle }
            }
            position.cursor = low
        }
        keepCursorVisible(&position, body: body)
        self.position = position
    }
}
