/// Turns JSON with comments (`//`, `/* */`) and trailing commas, as VS Code writes its
/// settings, into JSON: each byte of a comment or trailing comma becomes a space (line breaks
/// stay), so every other byte keeps its offset and errors point at the right place.
enum JSONCommentStripper {
    /// `bytes` with comments and trailing commas blanked out; strings are left alone.
    static func strip(_ bytes: [UInt8]) -> [UInt8] {
        var output = bytes
        var index = 0
        var inString = false
        let slash = UInt8(ascii: "/")
        let star = UInt8(ascii: "*")
        func isLineBreak(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                index += 1
            } else if byte == slash, index + 1 < bytes.count, bytes[index + 1] == slash {
                while index < bytes.count, !isLineBreak(bytes[index]) {
                    output[index] = UInt8(ascii: " ")
                    index += 1
                }
            } else if byte == slash, index + 1 < bytes.count, bytes[index + 1] == star {
                output[index] = UInt8(ascii: " ")
                output[index + 1] = UInt8(ascii: " ")
                index += 2
                while index < bytes.count,
                    !(bytes[index] == star && index + 1 < bytes.count && bytes[index + 1] == slash)
                {
                    if !isLineBreak(bytes[index]) { output[index] = UInt8(ascii: " ") }
                    index += 1
                }
                for end in index..<min(bytes.count, index + 2) { output[end] = UInt8(ascii: " ") }
                index += 2
            } else {
                index += 1
            }
        }
        // Trailing commas: a comma whose next byte that is not blank closes an object or array.
        inString = false
        var lastComma: Int?
        index = 0
        while index < output.count {
            let byte = output[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                lastComma = nil
            } else if byte == UInt8(ascii: ",") {
                lastComma = index
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                if let comma = lastComma { output[comma] = UInt8(ascii: " ") }
                lastComma = nil
            } else if ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(byte) {
                lastComma = nil
            }
            index += 1
        }
        return output
    }
}
