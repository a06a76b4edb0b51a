/// Reads the value and options of one `-F` argument the way curl does, for
/// ``MultipartPart/init(spec:literal:)``.
struct MultipartSpecReader {
    let scalars: [Unicode.Scalar]
    let spec: String

    /// A value (or path) with its options, and the character that ended it (`;`, `,` or nil).
    struct Parsed {
        var value: String
        var type: String?
        var filename: String?
        var separator: Unicode.Scalar?
    }

    func text(_ range: Range<Int>) -> String {
        String(String.UnicodeScalarView(scalars[range]))
    }

    func character(at index: Int) -> Unicode.Scalar? {
        index < scalars.count ? scalars[index] : nil
    }

    func skipBlanks(from index: Int) -> Int {
        var index = index
        while let scalar = character(at: index), MultipartPart.isBlank(scalar) { index += 1 }
        return index
    }

    func hasPrefix(_ prefix: String, at index: Int) -> Bool {
        let wanted = Array(prefix.unicodeScalars)
        guard index + wanted.count <= scalars.count else { return false }
        return Array(scalars[index..<(index + wanted.count)]) == wanted
    }

    /// A word: `"quoted"` (with `\"` and `\\`) or up to `;` or `endCharacter`; returns it,
    /// whether it was quoted, and where reading stopped.
    func word(from start: Int, endCharacter: Unicode.Scalar?) throws(MultipartSpecError) -> (
        String, Bool, Int
    ) {
        if character(at: start) == "\"" {
            var index = start + 1
            var value = String.UnicodeScalarView()
            while let scalar = character(at: index) {
                if scalar == "\\", let next = character(at: index + 1), next == "\\" || next == "\"" {
                    value.append(next)
                    index += 2
                    continue
                }
                if scalar == "\"" {
                    var end = index + 1
                    while let after = character(at: end), after != ";", after != endCharacter {
                        guard MultipartPart.isBlank(after) else {
                            throw MultipartSpecError(
                                "In “\(spec)”, text follows the closing quote; put it inside the quotes.")
                        }
                        end += 1
                    }
                    return (String(value), true, end)
                }
                value.append(scalar)
                index += 1
            }
            // No closing quote: curl reads the word as unquoted.
        }
        var end = start
        while let scalar = character(at: end), scalar != ";", scalar != endCharacter { end += 1 }
        return (text(start..<end), false, end)
    }

    /// A word with the blanks after it dropped unless it was quoted.
    func trimmedWord(from start: Int, endCharacter: Unicode.Scalar?) throws(MultipartSpecError) -> (String, Int) {
        let (value, quoted, end) = try word(from: start, endCharacter: endCharacter)
        guard !quoted else { return (value, end) }
        var scalars = Array(value.unicodeScalars)
        while let last = scalars.last, MultipartPart.isBlank(last) { scalars.removeLast() }
        return (String(String.UnicodeScalarView(scalars)), end)
    }

    /// The value and its `;options`, from `start` (blanks before the value skipped).
    func part(from start: Int, endCharacter: Unicode.Scalar?, allowsFilename: Bool) throws(MultipartSpecError)
        -> Parsed
    {
        var index = skipBlanks(from: start)
        let (value, afterValue) = try trimmedWord(from: index, endCharacter: endCharacter)
        index = afterValue
        var parsed = Parsed(value: value, separator: character(at: index))
        var typeStart: Int?
        var typeOpen = false
        while parsed.separator == ";" {
            index = skipBlanks(from: index + 1)
            if typeStart == nil, hasPrefix("type=", at: index) {
                index = skipBlanks(from: index + 5)
                let begin = index
                while let scalar = character(at: index), scalar != "/", scalar != " " { index += 1 }
                let majorEnd = index
                guard majorEnd > begin, character(at: index) == "/" else { throw badType(from: begin) }
                index += 1
                while let scalar = character(at: index), !";, \n".unicodeScalars.contains(scalar) { index += 1 }
                guard index > majorEnd + 1 else { throw badType(from: begin) }
                var end = index
                while let scalar = character(at: index), scalar != ";", scalar != endCharacter {
                    if !MultipartPart.isBlank(scalar) { end = index + 1 }
                    index += 1
                }
                typeStart = begin
                typeOpen = true
                parsed.type = text(begin..<end)
            } else if hasPrefix("filename=", at: index) {
                guard allowsFilename else {
                    throw MultipartSpecError(
                        "In “\(spec)”, a part read with < has no file name; use @ to upload the file with one.")
                }
                let (filename, end) = try trimmedWord(from: skipBlanks(from: index + 9), endCharacter: endCharacter)
                parsed.filename = filename
                index = end
                typeOpen = false
            } else if hasPrefix("headers=", at: index) || hasPrefix("encoder=", at: index) {
                let option = hasPrefix("headers=", at: index) ? "headers" : "encoder"
                throw MultipartSpecError("In “\(spec)”, ;\(option)= is a curl option hammock does not send.")
            } else if typeOpen, let typeStart {
                // A parameter of the media type (`; charset=utf-8`).
                var end = index
                while let scalar = character(at: index), scalar != ";", scalar != endCharacter {
                    if !MultipartPart.isBlank(scalar) { end = index + 1 }
                    index += 1
                }
                parsed.type = text(typeStart..<max(end, typeStart))
            } else {
                let (unknown, _, end) = try word(from: index, endCharacter: endCharacter)
                if !unknown.isEmpty {
                    throw MultipartSpecError(
                        "In “\(spec)”, “;\(unknown)” is not a part option (type= and filename= are); "
                            + "quote the value if the ; belongs to it.")
                }
                index = end
            }
            parsed.separator = character(at: index)
        }
        return parsed
    }

    func badType(from start: Int) -> MultipartSpecError {
        MultipartSpecError(
            "In “\(spec)”, the type “\(text(start..<scalars.count))” is not a media type; write type=major/minor.")
    }
}
