/// Pasted curl commands for the one-line import prompt.
public enum CurlPaste {
    /// Turns the line continuations of a command pasted over several lines (`\` or `^` at a
    /// line's end, as shells and Windows copies write them) into spaces, and the remaining line
    /// breaks into spaces too, so the command reads the same on one line.
    public static func joiningContinuations(_ text: String) -> String {
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "\\" || character == "^", next < text.endIndex, text[next].isNewline {
                result.append(" ")
                index = text.index(after: next)
                continue
            }
            result.append(character.isNewline ? " " : character)
            index = next
        }
        return result
    }
}
