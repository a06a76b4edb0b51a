/// curl's URL encoding for `--data-urlencode` and `--url-query`.
enum CurlURLEncoding {
    /// The text of one `--data-urlencode` value as curl sends it.
    ///
    /// `content` and `=content` send the encoded content; `name=content` sends `name=` (as
    /// written) and the encoded content. The first `=` or `@` decides: `@file` and `name@file`
    /// read a file, which is refused.
    static func dataValue(_ argument: String, option: String) throws(CurlParseError) -> String {
        guard let separator = argument.firstIndex(where: { $0 == "=" || $0 == "@" }) else {
            return escape(argument)
        }
        if argument[separator] == "@" { throw .readsFile(option, argument) }
        let name = argument[..<separator]
        let content = escape(String(argument[argument.index(after: separator)...]))
        return name.isEmpty ? content : name + "=" + content
    }

    /// The text of one `--url-query` value: like ``dataValue(_:option:)``, except that a
    /// leading `+` sends the rest as written.
    static func queryValue(_ argument: String, option: String) throws(CurlParseError) -> String {
        if argument.hasPrefix("+") { return String(argument.dropFirst()) }
        return try dataValue(argument, option: option)
    }

    /// Every byte of the UTF-8 text except `A-Z a-z 0-9 - . _ ~` as `%XX` (upper-case hex), and
    /// a space as `+`, as curl encodes form data.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                result += "+"
            default:
                result += "%"
                result.unicodeScalars.append(hex[Int(byte >> 4)])
                result.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return result
    }
}
