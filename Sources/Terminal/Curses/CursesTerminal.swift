import CNcurses
import Foundation
import TUICore

/// The terminal: draws `Screen`s by writing only the cells that changed since the last frame,
/// reads keys without blocking, and follows terminal resizes.
///
/// Curses sets the terminal up (raw keys, keypad, alternate screen, hidden cursor), decodes keys
/// and restores everything at the end. Frames are not drawn through curses: curses measures text
/// one code point at a time and so loses its place after an emoji sequence it counts wider than
/// the terminal draws it. ``FrameEncoder`` writes each frame with absolute cursor positions
/// instead, measured by the one width function, ``CharacterWidth``.
///
/// Every method must be called from one thread at a time (curses is not reentrant); the
/// hammock executable calls them on the main actor only. `start()` must come before anything
/// else and `stop()` restores the terminal; calling `stop()` twice is harmless.
public final class CursesTerminal {
    private var previous: Screen?
    private var encoder = FrameEncoder(colorDepth: .none)
    private var isRunning = false
    private let useColor: Bool
    private var pasteDecoder = PasteDecoder()
    private let escapeDecoder = EscapeSequenceDecoder()

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
        }
        encoder = FrameEncoder(colorDepth: colorDepth())
        mousemask(hammock_wheel_mask(), nil)
        mouseinterval(0)
        // Curses clears the screen on its first refresh; after that its own window stays
        // untouched, so reading keys never makes it draw over the frames written here.
        refresh()
        isRunning = true
        previous = nil
        writeRaw(TerminalEscapes.bracketedPasteOn)
    }

    private func colorDepth() -> FrameEncoder.ColorDepth {
        guard useColor, has_colors() else { return .none }
        let colorTerm = (getenv("COLORTERM").map { String(cString: $0) } ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        let count = hammock_colors()
        if count >= 256 { return .palette256 }
        return count >= 16 ? .basic16 : .basic8
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
        // Let curses settle its own (blank) window now, so it has nothing left to draw later.
        refresh()
        previous = nil
        return size
    }

    /// Forgets what is on the terminal, so the next `draw` clears it and writes every cell
    /// (Ctrl-L: after another program wrote over the screen).
    public func invalidate() {
        previous = nil
    }

    /// Draws a frame, writing only what ``FrameDiff`` says changed since the previous frame.
    public func draw(_ screen: Screen) {
        guard isRunning else { return }
        let update = FrameDiff.update(from: previous, to: screen)
        // A frame cut short leaves the terminal unknown: the next one is written whole.
        previous = writeRaw(encoder.encode(update)) ? screen : nil
    }

    /// Reads everything available now without waiting: keys (Alt combinations decoded as such),
    /// and pasted text as one piece.
    public func readInput() -> [TerminalInput] {
        escapeDecoder.decode(pasteDecoder.decode(readRaw()))
    }

    /// Reads every code and key available now without waiting; returns an empty array if none.
    func readRaw() -> [RawInput] {
        var keys: [RawInput] = []
        while keys.count < 4096 {
            var character: wint_t = 0
            let result = wget_wch(hammock_stdscr(), &character)
            if result == ERR { break }
            if result == KEY_CODE_YES {
                if Int32(character) == KEY_MOUSE {
                    var event = MEVENT()
                    if getmouse(&event) == OK {
                        if event.bstate & hammock_button4() != 0 { keys.append(.key(.wheelUp)) }
                        if hammock_button5() != 0, event.bstate & hammock_button5() != 0 {
                            keys.append(.key(.wheelDown))
                        }
                    }
                    continue
                }
                if let key = KeyDecoder.functionKey(Int32(character)) { keys.append(.key(key)) }
            } else {
                keys.append(.code(UInt32(character)))
            }
        }
        return keys
    }

    /// Puts text on the clipboard of the terminal (OSC 52; tmux and most terminals accept it).
    public func copyToClipboard(_ text: String) {
        writeRaw(TerminalEscapes.setClipboard(text))
    }

    /// Writes bytes of our own making (frames from ``FrameEncoder``, fixed control sequences)
    /// straight to the terminal, all of them: standard input's read source makes the shared
    /// terminal descriptor non-blocking, so a full terminal buffer is waited out (up to a
    /// second) rather than cutting a frame short. Returns false when not everything was written.
    @discardableResult
    private func writeRaw(_ sequence: String) -> Bool {
        guard !sequence.isEmpty else { return true }
        fflush(nil)
        // POSIX write, not FileHandle: a terminal that went away gives EIO, which must not trap.
        var bytes = Array(sequence.utf8)
        var offset = 0
        var waits = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK), waits < 20 {
                waits += 1
                var descriptor = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
                _ = poll(&descriptor, 1, 50)
            } else {
                return false
            }
        }
        return true
    }
}
