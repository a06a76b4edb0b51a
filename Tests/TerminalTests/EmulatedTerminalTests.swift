import TUICore
import Testing

@testable import Terminal

/// A minimal terminal for tests: a grid of cells that understands cursor positioning, clearing
/// and text, measuring each grapheme with its own width function, as a real terminal does.
/// Writing over part of a wide glyph blanks the rest of it (as tmux and xterm do).
struct EmulatedTerminal {
    var width: Int
    var height: Int
    var cells: [[Character?]]
    var x = 0
    var y = 0
    let measure: @Sendable (Character) -> Int

    init(width: Int, height: Int, measure: @escaping @Sendable (Character) -> Int) {
        self.width = width
        self.height = height
        self.measure = measure
        cells = Array(repeating: Array(repeating: " ", count: width), count: height)
    }

    mutating func feed(_ output: String) {
        var characters = Array(output)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\u{1B}", index + 1 < characters.count, characters[index + 1] == "[" {
                var end = index + 2
                while end < characters.count, !(characters[end].asciiValue.map { (0x40...0x7E).contains($0) } ?? false)
                {
                    end += 1
                }
                let parameters = String(characters[(index + 2)..<end])
                let final = characters[end]
                if final == "H" {
                    let parts = parameters.split(separator: ";").map { Int($0) ?? 1 }
                    y = (parts.first ?? 1) - 1
                    x = (parts.count > 1 ? parts[1] : 1) - 1
                } else if final == "J" {
                    cells = Array(repeating: Array(repeating: " ", count: width), count: height)
                }
                index = end + 1
                continue
            }
            write(character)
            index += 1
        }
        characters.removeAll()
    }

    private mutating func write(_ character: Character) {
        let columns = max(1, measure(character))
        guard y < height, x < width else { return }
        for column in x..<min(width, x + columns) { clearGlyph(at: column) }
        cells[y][x] = character
        for column in (x + 1)..<max(x + 1, min(width, x + columns)) { cells[y][column] = nil }
        x += columns
    }

    /// Blanks the whole glyph covering `column` (nil marks the right part of a wide glyph).
    private mutating func clearGlyph(at column: Int) {
        var start = column
        while start > 0, cells[y][start] == nil { start -= 1 }
        var end = start + 1
        while end < width, cells[y][end] == nil { end += 1 }
        for index in start..<end { cells[y][index] = " " }
    }
}

@Suite("Frames through the encoder on terminals that measure text differently")
struct EmulatedTerminalTests {
    /// Width models: ours, tmux 3.3's (VS16 ignored, skin-tone modifiers drawn apart), and a
    /// terminal that adds up every code point's width.
    static let models: [(String, @Sendable (Character) -> Int)] = [
        ("agreeing", { CharacterWidth.of($0) }),
        (
            "tmux 3.3",
            { character in
                let scalars = Array(character.unicodeScalars)
                if scalars.contains(where: { $0.value == 0x200D }) { return 2 }
                if scalars.count > 1, (0x1F3FB...0x1F3FF).contains(scalars[1].value) { return 4 }
                return CharacterWidth.of(Character(scalars[0]))
            }
        ),
        (
            "sum of code points",
            { character in character.unicodeScalars.reduce(0) { $0 + CharacterWidth.of(Character($1)) } }
        ),
    ]

    static let samples = [
        "plain ascii text", "\"👩‍👩‍👧‍👦 family\",", "\"👍🏽 ok\",", "\"❤️ heart\" ,", "中文 日本語 한국어",
        "ภาษาไทย ก่ e\u{301}te", "🇩🇪 🧑‍💻 1️⃣ end", "──── box ────", "mixed 👍🏽中❤️x",
    ]

    /// Every cell our model holds a certain character in shows that character on the emulated
    /// terminal: nothing drifted, nothing stale.
    static func certainCellsMatch(_ screen: Screen, _ terminal: EmulatedTerminal) -> [String] {
        var problems: [String] = []
        for row in 0..<screen.height {
            for column in 0..<screen.width {
                let cell = screen[column, row]
                guard !cell.isContinuation, !CharacterWidth.isUncertain(cell.character) else { continue }
                // The cell right after an uncertain glyph may be covered by its overflow only if it
                // is a space written before the glyph; a visible character must match.
                let shown = terminal.cells[row][column]
                if shown != cell.character, !(cell.character == " " && shown == nil) {
                    problems.append(
                        "row \(row) column \(column): model \(cell.character), terminal \(shown.map(String.init) ?? "(covered)")"
                    )
                }
            }
        }
        return problems
    }

    @Test("a sequence of frames leaves every certain cell right, on every width model")
    func framesStayInPlace() {
        for (name, measure) in Self.models {
            var terminal = EmulatedTerminal(width: 40, height: 6, measure: measure)
            let encoder = FrameEncoder(colorDepth: .none)
            var previous: Screen?
            var generator = SystemRandomNumberGenerator()
            for step in 0..<60 {
                var screen = Screen(width: 40, height: 6)
                for row in 0..<6 {
                    let sample = Self.samples.randomElement(using: &generator)!
                    let x = Int.random(in: 0..<8, using: &generator)
                    screen.put(sample, x: x, y: row, style: .plain)
                    screen.put("|end", x: 30, y: row, style: .plain)
                }
                terminal.feed(encoder.encode(FrameDiff.update(from: previous, to: screen)))
                previous = screen
                let problems = Self.certainCellsMatch(screen, terminal)
                #expect(problems.isEmpty, "\(name), frame \(step): \(problems.prefix(3))")
                if !problems.isEmpty { break }
            }
        }
    }
}
