import CNcurses
import Foundation

/// Decides, before anything is drawn, whether hammock can run as a full-screen program here.
///
/// hammock needs a terminal on both standard input (keys) and standard output (the screen),
/// and a terminal type whose terminfo entry can address the cursor. Anything else (a pipe, a
/// file, `/dev/null`, `TERM` unset, `TERM=dumb`, a hard-copy terminal, a type missing from the
/// terminfo database) gets a one-sentence reason instead of a screen of escape codes.
///
/// The check reads terminfo with `setupterm`, which draws nothing and leaves the terminal's
/// modes alone; it does not promise that every capability hammock uses exists, only that the
/// terminal can place text anywhere on the screen with ANSI sequences (frames are written as
/// ANSI cursor positions and SGR styles).
public enum TerminalCheck {
    /// Why hammock cannot draw here, as a sentence without the program name, or nil when it can.
    ///
    /// - Parameters:
    ///   - environment: where `TERM` is read.
    ///   - input: the descriptor keys are read from (standard input).
    ///   - output: the descriptor the screen is written to (standard output).
    public static func problem(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO
    ) -> String? {
        let advice = "run it in a terminal (it is an interactive browser)"
        guard isatty(input) == 1 else { return "standard input is not a terminal; \(advice)" }
        guard isatty(output) == 1 else { return "standard output is not a terminal; \(advice)" }
        guard let term = environment["TERM"], !term.isEmpty else {
            return "TERM is not set, so the terminal type is unknown; set it (for example TERM=xterm-256color)"
        }
        let shown = term.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F } ? term : "?"
        switch hammock_terminal_can_draw(term, output) {
        case 1:
            return nil
        case 0:
            return "the terminal type '\(shown)' cannot move the cursor, so hammock cannot draw its screen; "
                + "use a full-screen terminal (for example TERM=xterm-256color)"
        case -1:
            return "the terminal type '\(shown)' is not in the terminfo database; "
                + "set TERM to a known type (for example TERM=xterm-256color)"
        case -3:
            return "the terminal type '\(shown)' does not speak ANSI escape sequences, which hammock draws with; "
                + "use an ANSI terminal (for example TERM=xterm-256color)"
        default:
            return "the terminfo database cannot be found, so hammock cannot tell how to draw on '\(shown)'; "
                + "install ncurses-base or set TERMINFO"
        }
    }
}
