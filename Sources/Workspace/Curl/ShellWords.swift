/// Splits a command line into words the way a POSIX shell (bash) does, without running or
/// expanding anything.
///
/// Handled: blanks and newlines between words; `'…'` (nothing special inside); `"…"` where a
/// backslash escapes only `$`, `` ` ``, `"`, `\` and a newline; `$'…'` ANSI-C quoting with
/// `\n`, `\t`, `\xHH`, octal, `\uHHHH`, `\UHHHHHHHH`, `\cX` and the other bash escapes (bytes
/// are collected as bytes, so `\xc3\xa9` is `é`); `$"…"` read as `"…"`; a backslash outside
/// quotes escaping the next character; backslash-newline (and backslash-CRLF) continuations;
/// `#` comments at the start of a word.
///
/// Not done, on purpose: `$NAME`, `$(…)` and backticks are kept as written (nothing is
/// expanded). Reading stops at an unquoted `|`, `;`, `<`, `>` or a word-initial `&` (a pipe into
/// `jq`, a redirect, a second command), and ``CommandWords/stoppedAt`` says so; an `&` inside a
/// word is kept, since people paste unquoted URLs like `http://x/?a=1&b=2` meaning one URL.
struct ShellWords {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var words: [String] = []
    private var current: [UInt8] = []
    private var inWord = false

    private init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// The words of `text`.
    ///
    /// - Throws: ``CurlParseError`` for a quote that is never closed.
    static func split(_ text: String) throws(CurlParseError) -> CommandWords {
        var reader = ShellWords(text)
        return try reader.read()
    }

    private mutating func read() throws(CurlParseError) -> CommandWords {
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case " ", "\t", "\n", "\r":
                finishWord()
                index += 1
            case "\\":
                readEscape()
            case "'":
                try readSingleQuoted()
            case "\"":
                try readDoubleQuoted()
            case "$" where peek(1) == "'":
                index += 1
                try readANSIQuoted()
            case "$" where peek(1) == "\"":
                index += 1
                try readDoubleQuoted()
            case "#" where !inWord:
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            case "|", ";", "<", ">":
                if scalar == "<" || scalar == ">", inWord, current.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                    // `2>/dev/null`: the digits name a file descriptor, not a word.
                    current.removeAll()
                    inWord = false
                }
                finishWord()
                return CommandWords(words: words, stoppedAt: operatorText())
            case "&" where !inWord:
                return CommandWords(words: words, stoppedAt: operatorText())
            default:
                append(scalar)
                index += 1
            }
        }
        finishWord()
        return CommandWords(words: words, stoppedAt: nil)
    }

    private func peek(_ distance: Int) -> Unicode.Scalar? {
        index + distance < scalars.count ? scalars[index + distance] : nil
    }

    private func operatorText() -> String {
        var end = index
        while end < scalars.count, "|&;<>".unicodeScalars.contains(scalars[end]) { end += 1 }
        return String(String.UnicodeScalarView(scalars[index..<end]))
    }

    private mutating func append(_ scalar: Unicode.Scalar) {
        current.append(contentsOf: String(scalar).utf8)
        inWord = true
    }

    private mutating func finishWord() {
        guard inWord else { return }
        words.append(String(decoding: current, as: UTF8.self))
        current.removeAll(keepingCapacity: true)
        inWord = false
    }

    /// A backslash outside quotes: a line continuation, or the next character taken as it is.
    private mutating func readEscape() {
        switch peek(1) {
        case "\n"?:
            index += 2
        case "\r"? where peek(2) == "\n":
            index += 3
        case let next?:
            append(next)
            index += 2
        case nil:
            index += 1
        }
    }

    private mutating func readSingleQuoted() throws(CurlParseError) {
        var end = index + 1
        while end < scalars.count, scalars[end] != "'" { end += 1 }
        guard end < scalars.count else { throw .unterminated("single quote") }
        for scalar in scalars[(index + 1)..<end] { append(scalar) }
        inWord = true
        index = end + 1
    }

    private mutating func readDoubleQuoted() throws(CurlParseError) {
        var position = index + 1
        inWord = true
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == "\"" {
                index = position + 1
                return
            }
            if scalar == "\\", position + 1 < scalars.count {
                let next = scalars[position + 1]
                switch next {
                case "$", "`", "\"", "\\":
                    append(next)
                    position += 2
                    continue
                case "\n":
                    position += 2
                    continue
                case "\r" where position + 2 < scalars.count && scalars[position + 2] == "\n":
                    position += 3
                    continue
                default:
                    break
                }
            }
            append(scalar)
            position += 1
        }
        throw .unterminated("double quote")
    }

    /// `$'…'`, with `index` on the opening quote.
    private mutating func readANSIQuoted() throws(CurlParseError) {
        var position = index + 1
        inWord = true
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == "'" {
                index = position + 1
                return
            }
            guard scalar == "\\", position + 1 < scalars.count else {
                append(scalar)
                position += 1
                continue
            }
            position = readANSIEscape(at: position)
        }
        throw .unterminated("$'…' quote")
    }

    /// Reads the escape whose backslash is at `position`; returns the position after it.
    private mutating func readANSIEscape(at position: Int) -> Int {
        let letter = scalars[position + 1]
        let simple: [Unicode.Scalar: UInt8] = [
            "a": 7, "b": 8, "e": 27, "E": 27, "f": 12, "n": 10, "r": 13, "t": 9, "v": 11,
            "\\": 0x5C, "'": 0x27, "\"": 0x22, "?": 0x3F,
        ]
        if let byte = simple[letter] {
            current.append(byte)
            return position + 2
        }
        switch letter {
        case "0"..."7":
            let (value, end) = number(from: position + 1, radix: 8, maximumDigits: 3)
            current.append(UInt8(truncatingIfNeeded: value))
            return end
        case "x":
            let (value, end) = number(from: position + 2, radix: 16, maximumDigits: 2)
            guard end > position + 2 else { break }
            current.append(UInt8(truncatingIfNeeded: value))
            return end
        case "u", "U":
            let (value, end) = number(from: position + 2, radix: 16, maximumDigits: letter == "u" ? 4 : 8)
            guard end > position + 2 else { break }
            return appendCodePoint(value, end: end)
        case "c" where position + 2 < scalars.count:
            let control = scalars[position + 2].value
            current.append(UInt8(truncatingIfNeeded: control & 0x1F))
            return position + 3
        default:
            break
        }
        current.append(0x5C)
        append(letter)
        return position + 2
    }

    /// Appends a `\u` code point, joining a UTF-16 surrogate pair written as two escapes.
    private mutating func appendCodePoint(_ value: UInt32, end: Int) -> Int {
        if (0xD800...0xDBFF).contains(value), end + 1 < scalars.count, scalars[end] == "\\", scalars[end + 1] == "u" {
            let (low, lowEnd) = number(from: end + 2, radix: 16, maximumDigits: 4)
            if (0xDC00...0xDFFF).contains(low) {
                let combined = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                append(Unicode.Scalar(combined) ?? "\u{FFFD}")
                return lowEnd
            }
        }
        append(Unicode.Scalar(value) ?? "\u{FFFD}")
        return end
    }

    private func number(from start: Int, radix: UInt32, maximumDigits: Int) -> (UInt32, Int) {
        var value: UInt32 = 0
        var position = start
        while position < scalars.count, position - start < maximumDigits,
            let digit = Self.digitValue(scalars[position], radix: radix)
        {
            value = value &* radix &+ digit
            position += 1
        }
        return (value, position)
    }

    private static func digitValue(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
        let value: UInt32
        switch scalar {
        case "0"..."9": value = scalar.value - 0x30
        case "a"..."f": value = scalar.value - 0x61 + 10
        case "A"..."F": value = scalar.value - 0x41 + 10
        default: return nil
        }
        return value < radix ? value : nil
    }
}
