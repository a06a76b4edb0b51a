import TUICore

/// Finds bracketed-paste markers (`ESC [200~` … `ESC [201~`) in what curses read and turns what
/// lies between them into one `.paste` of the very characters the terminal sent: a carriage
/// return stays a carriage return (`\r\n` stays `\r\n`), a tab a tab, NUL and escapes stay in
/// the text. Outside a paste, codes become keys (``KeyDecoder/character(_:)``). A paste that spans
/// several reads is kept until its end marker arrives.
struct PasteDecoder {
    private static let start = Array("\u{1B}[200~".unicodeScalars.map(\.value))
    private static let end = Array("\u{1B}[201~".unicodeScalars.map(\.value))
    private var pasted: String.UnicodeScalarView?

    /// Decodes one batch of input.
    mutating func decode(_ input: [RawInput]) -> [TerminalInput] {
        var result: [TerminalInput] = []
        var index = 0
        while index < input.count {
            if pasted == nil, matches(PasteDecoder.start, in: input, at: index) {
                pasted = String.UnicodeScalarView()
                index += PasteDecoder.start.count
                continue
            }
            if pasted != nil {
                if matches(PasteDecoder.end, in: input, at: index) {
                    result.append(.paste(String(pasted!)))
                    pasted = nil
                    index += PasteDecoder.end.count
                    continue
                }
                if case .code(let value) = input[index], let scalar = Unicode.Scalar(value) {
                    pasted!.append(scalar)
                }
            } else {
                switch input[index] {
                case .code(let value):
                    if let key = KeyDecoder.character(value) { result.append(.key(key)) }
                case .key(let key):
                    result.append(.key(key))
                }
            }
            index += 1
        }
        return result
    }

    private func matches(_ marker: [UInt32], in input: [RawInput], at index: Int) -> Bool {
        guard index + marker.count <= input.count else { return false }
        for (offset, value) in marker.enumerated() where input[index + offset] != .code(value) { return false }
        return true
    }
}
