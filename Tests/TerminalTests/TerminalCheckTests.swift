import Foundation
import Testing

@testable import Terminal

// The terminal-type checks need a real terminal on both descriptors; the end-to-end tests run
// them in tmux (`TERM=dumb`, an unknown `TERM`). Here: descriptors that are not terminals.
@Suite("Whether hammock can draw here")
struct TerminalCheckTests {
    @Test("a pipe or /dev/null on standard input is refused in a sentence, whatever TERM says")
    func notTerminals() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { for fd in fds { close(fd) } }
        let null = open("/dev/null", O_RDWR)
        defer { close(null) }
        let message = "standard input is not a terminal; run it in a terminal (it is an interactive browser)"
        for term in ["xterm-256color", "dumb"] {
            #expect(TerminalCheck.problem(environment: ["TERM": term], input: fds[0], output: fds[1]) == message)
            #expect(TerminalCheck.problem(environment: ["TERM": term], input: null, output: null) == message)
        }
        #expect(TerminalCheck.problem(environment: [:], input: null, output: null) == message)
    }
}
