import TUICore

/// Finds bracketed-paste markers (`ESC [200~` … `ESC [201~`) in a stream of keys and turns
/// what lies between them into one `.paste`, so pasted newlines and tabs are not taken as Enter
/// and Tab. A paste that spans several reads is kept until its end marker arrives.
struct PasteDecoder {
    private static let start: [Key] = [
        .escape, .character("["), .character("2"), .character("0"), .character("0"), .character("~"),
    ]
    private static let end: [Key] = [
        .escape, .character("["), .character("2"), .character("0"), .character("1"), .character("~"),
    ]
    private var pasted: String?

    /// Decodes one batch of keys.
    mutating func decode(_ keys: [Key]) -> [TerminalInput] {
        var result: [TerminalInput] = []
        var index = 0
        while index < keys.count {
            if pasted == nil, matches(PasteDecoder.start, in: keys, at: index) {
                pasted = ""
                index += PasteDecoder.start.count
                continue
            }
            if let text = pasted {
                if matches(PasteDecoder.end, in: keys, at: index) {
                    result.append(.paste(text))
                    pasted = nil
                    index += PasteDecoder.end.count
                    continue
                }
                pasted = text + PasteDecoder.text(of: keys[index])
            } else {
                result.append(.key(keys[index]))
            }
            index += 1
        }
        return result
    }

    private func matches(_ marker: [Key], in keys: [Key], at index: Int) -> Bool {
        guard index + marker.count <= keys.count else { return false }
        return Array(keys[index..<index + marker.count]) == marker
    }

    private static func text(of key: Key) -> String {
        switch key {
        case .character(let character): return String(character)
        case .enter: return "\n"
        case .tab: return "\t"
        default: return ""
        }
    }
}
