/// Finds where bytes stop being UTF-8, for a problem that names the line and column.
enum UTF8Check {
    /// The first bad byte: its 1-based line and column (in characters before it), and why.
    struct Problem: Equatable {
        var line: Int
        var column: Int
        var reason: String
    }

    /// The first place where `bytes` are not UTF-8, nil when they all are.
    static func firstProblem(in bytes: [UInt8]) -> Problem? {
        var line = 1
        var column = 1
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            var minimum: UInt32 = 0
            var scalar: UInt32
            switch lead {
            case 0x00...0x7F:
                length = 1
                scalar = UInt32(lead)
            case 0xC2...0xDF:
                length = 2
                scalar = UInt32(lead & 0x1F)
                minimum = 0x80
            case 0xE0...0xEF:
                length = 3
                scalar = UInt32(lead & 0x0F)
                minimum = 0x800
            case 0xF0...0xF4:
                length = 4
                scalar = UInt32(lead & 0x07)
                minimum = 0x10000
            default:
                return Problem(line: line, column: column, reason: "byte \(hex(lead)) cannot start a character")
            }
            for offset in 1..<max(length, 1) {
                guard index + offset < bytes.count else {
                    return Problem(line: line, column: column, reason: "the file ends inside a character")
                }
                let next = bytes[index + offset]
                guard next & 0xC0 == 0x80 else {
                    return Problem(
                        line: line, column: column,
                        reason: "byte \(hex(next)) cannot continue the character that \(hex(lead)) starts")
                }
                scalar = scalar << 6 | UInt32(next & 0x3F)
            }
            if scalar < minimum || (0xD800...0xDFFF).contains(scalar) || scalar > 0x10FFFF {
                return Problem(
                    line: line, column: column, reason: "the bytes starting with \(hex(lead)) are not a valid character"
                )
            }
            if lead == UInt8(ascii: "\n")
                || (lead == UInt8(ascii: "\r") && bytes[safe: index + 1] != UInt8(ascii: "\n"))
            {
                line += 1
                column = 1
            } else if lead != UInt8(ascii: "\r") {
                column += 1
            }
            index += length
        }
        return nil
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }
}

extension Array where Element == UInt8 {
    fileprivate subscript(safe index: Int) -> UInt8? {
        indices.contains(index) ? self[index] : nil
    }
}
