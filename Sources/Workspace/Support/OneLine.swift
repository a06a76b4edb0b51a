/// Text made to fit one line of a summary or report.
public enum OneLine {
    /// `text` on one line (every run of blank space, line breaks included, as one space), cut to
    /// `width` characters with `…`.
    public static func clip(_ text: String, width: Int) -> String {
        var flat = ""
        var lastWasSpace = false
        for character in text.prefix(width * 4) {
            let isSpace = character.isWhitespace
            if isSpace && lastWasSpace { continue }
            flat.append(isSpace ? " " : character)
            lastWasSpace = isSpace
        }
        return flat.count > width ? String(flat.prefix(width - 1)) + "…" : flat
    }
}
