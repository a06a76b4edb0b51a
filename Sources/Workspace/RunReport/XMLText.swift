/// Text written into an XML 1.0 document so that it parses back as the same text.
///
/// `&`, `<`, `>`, `"` and `'` become entity references everywhere. Characters XML 1.0 does not
/// allow (C0 controls other than tab, line feed and carriage return, and U+FFFE, U+FFFF), and
/// DEL and the C1 controls, which it allows but no report should carry raw, are shown as
/// `\u{1B}`-style text: that is the one change a reader sees. A tab is written as `&#9;` and a
/// carriage return as `&#13;` (so a parser does not fold it into a line feed), and in attribute
/// values a line feed as `&#10;` (so attribute normalization keeps it): the only raw control
/// character in the output is the line feed of text content.
enum XMLText {
    /// `text` ready to stand between tags.
    static func content(_ text: String) -> String {
        escaped(text, inAttribute: false)
    }

    /// `text` ready to stand between the double quotes of an attribute value.
    static func attribute(_ text: String) -> String {
        escaped(text, inAttribute: true)
    }

    private static func escaped(_ text: String, inAttribute: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\r": result += "&#13;"
            case "\n" where inAttribute: result += "&#10;"
            case "\t": result += "&#9;"
            default:
                if RunReportText.isControl(scalar) {
                    result += RunReportText.shown(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
