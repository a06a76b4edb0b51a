import CNcurses
import Foundation
import TUICore

/// The curses screen: draws `Screen`s by writing only the cells that changed since the last
/// frame, reads keys without blocking, and follows terminal resizes.
///
/// Every method must be called from one thread at a time (curses is not reentrant); the
/// hammock executable calls them on the main actor only. `start()` must come before anything
/// else and `stop()` restores the terminal; calling `stop()` twice is harmless.
public final class CursesTerminal {
    private var previous: Screen?
    private var colors = ColorPairs(enabled: false)
    private var isRunning = false
    private let useColor: Bool
    private var pasteDecoder = PasteDecoder()

    /// Creates a terminal; `useColor: false` (for `NO_COLOR`) draws with attributes only.
    public init(useColor: Bool) {
        self.useColor = useColor
    }

    /// Enters curses mode: locale, raw keys, no echo, keypad, non-blocking reads, 25 ms escape
    /// delay, hidden cursor, default colours, mouse wheel reporting.
    public func start() {
        setlocale(LC_ALL, "")
        initscr()
        raw()
        noecho()
        nonl()
        keypad(hammock_stdscr(), true)
        nodelay(hammock_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        if useColor && has_colors() {
            start_color()
            use_default_colors()
            colors = ColorPairs(enabled: true)
        } else {
            colors = ColorPairs(enabled: false)
        }
        mousemask(hammock_wheel_mask(), nil)
        mouseinterval(0)
        isRunning = true
        previous = nil
        writeRaw(TerminalEscapes.bracketedPasteOn)
    }

    /// Leaves curses mode and restores the terminal.
    public func stop() {
        guard isRunning else { return }
        isRunning = false
        writeRaw(TerminalEscapes.bracketedPasteOff)
        endwin()
    }

    /// The terminal size as curses knows it (columns, rows).
    public var size: (width: Int, height: Int) { (Int(hammock_cols()), Int(hammock_lines())) }

    /// Reads the real size from the tty (TIOCGWINSZ) and tells curses (`resizeterm`). Call it
    /// on SIGWINCH. Returns the new size. The next `draw` repaints everything.
    @discardableResult
    public func handleResize() -> (width: Int, height: Int) {
        var rows: Int32 = 0
        var columns: Int32 = 0
        if hammock_window_size(STDOUT_FILENO, &rows, &columns) == 0
            || hammock_window_size(STDIN_FILENO, &rows, &columns) == 0,
            rows > 0, columns > 0
        {
            resizeterm(rows, columns)
        }
        previous = nil
        clearok(hammock_stdscr(), true)
        return size
    }

    /// Draws a frame, writing only what ``FrameDiff`` says changed since the previous frame.
    public func draw(_ screen: Screen) {
        guard isRunning else { return }
        let update = FrameDiff.update(from: previous, to: screen)
        if update.clearsFirst { erase() }
        for run in update.runs {
            hammock_put(Int32(run.y), Int32(run.x), run.text, attributes(run.style), colors.pair(for: run.style))
        }
        refresh()
        previous = screen
    }

    private func attributes(_ style: Style) -> attr_t {
        var value = hammock_a_normal()
        if style.attributes.contains(.bold) { value |= hammock_a_bold() }
        if style.attributes.contains(.dim) { value |= hammock_a_dim() }
        if style.attributes.contains(.underline) { value |= hammock_a_underline() }
        if style.attributes.contains(.reverse) { value |= hammock_a_reverse() }
        if style.attributes.contains(.italic) { value |= hammock_a_italic() }
        return value
    }

    /// Reads everything available now without waiting: keys, and pasted text as one piece.
    public func readInput() -> [TerminalInput] {
        pasteDecoder.decode(readKeys())
    }

    /// Reads every key available now without waiting; returns an empty array if none.
    public func readKeys() -> [Key] {
        var keys: [Key] = []
        while keys.count < 4096 {
            var character: wint_t = 0
            let result = wget_wch(hammock_stdscr(), &character)
            if result == ERR { break }
            if result == KEY_CODE_YES {
                if Int32(character) == KEY_MOUSE {
                    var event = MEVENT()
                    if getmouse(&event) == OK {
                        if event.bstate & hammock_button4() != 0 { keys.append(.wheelUp) }
                        if hammock_button5() != 0, event.bstate & hammock_button5() != 0 { keys.append(.wheelDown) }
                    }
                    continue
                }
                if let key = KeyDecoder.functionKey(Int32(character)) { keys.append(key) }
            } else if let key = KeyDecoder.character(UInt32(character)) {
                keys.append(key)
            }
        }
        return keys
    }

    /// Puts text on the clipboard of the terminal (OSC 52; tmux and most terminals accept it).
    public func copyToClipboard(_ text: String) {
        writeRaw(TerminalEscapes.setClipboard(text))
    }

    /// Writes a control sequence of our own (never untrusted text) straight to the terminal.
    private func writeRaw(_ sequence: String) {
        fflush(nil)
        // POSIX write, not FileHandle: a terminal that went away gives EIO, which must not trap.
        var bytes = Array(sequence.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
