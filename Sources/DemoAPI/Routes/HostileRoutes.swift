import Hummingbird

/// `GET /hostile` and `GET /hostile.json`: content full of terminal control sequences and
/// other characters that a client must not print raw.
struct HostileRoutes {
    /// A line with every hostile character: an ANSI clear-screen, an OSC window-title sequence
    /// ended by BEL, NUL, BEL, backspaces, a carriage return that would overwrite the line, and
    /// bidi override and isolate characters.
    static let sample =
        "clear:\u{1B}[2J title:\u{1B}]0;pwned\u{07} nul:\u{00} bell:\u{07} back:abc\u{08}\u{08}X"
        + " cr:visible\rHIDDEN bidi:\u{202E}txt.exe\u{202C} isolate:\u{2067}abc\u{2069} red:\u{1B}[31mred\u{1B}[0m"

    /// The body of `GET /hostile`.
    static let text =
        "This text holds control characters.\n"
        + sample + "\n"
        + "A line ending in a carriage return\r\n"
        + "\u{1B}[1;1H\u{1B}[5mcursor moved\u{1B}[0m\n"

    /// The body of `GET /hostile.json`: hostile characters in keys and in string values.
    static let json = JSONValue.object([
        "name": .string(sample),
        "key\u{1B}[2J\u{07}\u{202E}": .string("value\u{00}\u{08}\r\u{1B}]0;title\u{07}"),
        "nested": .object([
            "\u{1B}[31mred key\u{1B}[0m": .array([.string("\u{202E}reversed"), .string("bell\u{07}")])
        ]),
        "plain": .string("an ordinary value"),
    ])

    /// Adds the routes to `router`.
    func register(on router: Router<BasicRequestContext>) {
        router.get("hostile") { request, _ in
            ResponseBuilder.text(Self.text, for: request)
        }
        router.get("hostile.json") { request, _ in
            try ResponseBuilder.json(Self.json, for: request)
        }
    }
}
