/// Splits a command line copied for Windows `cmd.exe` (browsers' "Copy as cURL (cmd)") into
/// words, in the two steps Windows takes.
///
/// First `cmd.exe`: carriage returns are dropped; outside its double quotes `^` escapes the next
/// character, and `^` at the end of a line joins the next line (whose first character is then
/// taken as it is, so `^` + two newlines is one newline inside a value); an unquoted `&`, `|`,
/// `<` or `>` ends the command. Then the C runtime's argument rules: blanks split words outside
/// double quotes, `"` opens and closes quoting, `\"` is a quote character, and backslashes
/// are literal except before a quote (`2n` backslashes and a quote give `n` and toggle quoting).
///
/// Not done: `%NAME%` is kept as written (nothing is expanded). An unescaped newline is read
/// as a blank, so several lines pasted without `^` still make one command.
enum WindowsCommandWords {
    /// The words of `text`.
    ///
    /// - Throws: ``CurlParseError`` for a double quote that is never closed.
    static func split(_ text: String) throws(CurlParseError) -> CommandWords {
        let (line, stoppedAt) = unescapedForRuntime(text)
        return CommandWords(words: try runtimeArguments(line), stoppedAt: stoppedAt)
    }

    /// What `cmd.exe` hands to the program: carets resolved, lines joined.
    private static func unescapedForRuntime(_ text: String) -> ([Unicode.Scalar], String?) {
        let scalars = Array(text.unicodeScalars.filter { $0 != "\r" })
        var output: [Unicode.Scalar] = []
        var quoted = false
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if quoted {
                // A newline ends cmd.exe's quoting as it ends the line.
                if scalar == "\"" || scalar == "\n" { quoted = false }
                output.append(scalar == "\n" ? " " : scalar)
                index += 1
                continue
            }
            switch scalar {
            case "^":
                guard index + 1 < scalars.count else {
                    index += 1
                    continue
                }
                if scalars[index + 1] == "\n" {
                    index += 2
                    if index < scalars.count {
                        output.append(scalars[index])
                        index += 1
                    }
                } else {
                    output.append(scalars[index + 1])
                    index += 2
                }
            case "\"":
                quoted = true
                output.append(scalar)
                index += 1
            case "\n":
                output.append(" ")
                index += 1
            case "&", "|", "<", ">":
                var end = index
                while end < scalars.count, "&|<>".unicodeScalars.contains(scalars[end]) { end += 1 }
                return (output, String(String.UnicodeScalarView(scalars[index..<end])))
            default:
                output.append(scalar)
                index += 1
            }
        }
        return (output, nil)
    }

    /// The C runtime's split of one command line into arguments.
    private static func runtimeArguments(_ scalars: [Unicode.Scalar]) throws(CurlParseError) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        var inWord = false
        var quoted = false
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case " " where !quoted, "\t" where !quoted:
                if inWord { words.append(String(current)) }
                current = String.UnicodeScalarView()
                inWord = false
                index += 1
            case "\\":
                var end = index
                while end < scalars.count, scalars[end] == "\\" { end += 1 }
                let count = end - index
                inWord = true
                if end < scalars.count, scalars[end] == "\"" {
                    current.append(contentsOf: repeatElement("\\", count: count / 2))
                    if count % 2 == 1 {
                        current.append("\"")
                        index = end + 1
                    } else {
                        index = end
                    }
                } else {
                    current.append(contentsOf: repeatElement("\\", count: count))
                    index = end
                }
            case "\"":
                inWord = true
                if quoted, index + 1 < scalars.count, scalars[index + 1] == "\"" {
                    current.append("\"")
                    index += 2
                } else {
                    quoted.toggle()
                    index += 1
                }
            default:
                current.append(scalar)
                inWord = true
                index += 1
            }
        }
        guard !quoted else { throw .unterminated("double quote") }
        if inWord { words.append(String(current)) }
        return words
    }
}
