extension MultipartPart {
    /// Reads one part as curl reads the argument of `-F` (`literal` false) or `--form-string`
    /// (`literal` true).
    ///
    /// The name is everything before the first `=`. With `--form-string` the rest is the value as
    /// it is. With `-F`, a value starting with `@` is a file upload, with `<` a field read from a
    /// file, anything else text; the value (or path) ends at the first `;` (a path also at `,`),
    /// blanks around it are dropped, and `"…"` quotes it (`\"` and `\\` inside), so it may hold
    /// `;` and blanks. Then `;type=major/minor` (its parameters, as `; charset=utf-8`, included)
    /// and `;filename=name` may follow, in any order.
    ///
    /// - Throws: ``MultipartSpecError`` for a spec without `=`, an empty path, `-` (standard
    ///   input), several files in one part (`@a,b`), a nested multipart (`(`), a `type` that is
    ///   not `major/minor`, text after a closing quote, `;headers=`, `;encoder=`, a `;filename=`
    ///   on a `<` part, and any other `;option`, since curl would skip it with only a warning.
    public init(spec: String, literal: Bool = false) throws(MultipartSpecError) {
        let scalars = Array(spec.unicodeScalars)
        guard let equals = scalars.firstIndex(of: "=") else {
            throw MultipartSpecError(
                "“\(spec)” is not a part: write name=value, name=@file or name=<file.")
        }
        let name = String(String.UnicodeScalarView(scalars[..<equals]))
        let start = equals + 1
        if literal {
            self.init(name: name, content: .text(String(String.UnicodeScalarView(scalars[start...]))))
            return
        }
        let reader = MultipartSpecReader(scalars: scalars, spec: spec)
        switch start < scalars.count ? scalars[start] : nil {
        case "("?, ")"?:
            throw MultipartSpecError(
                "The part “\(name)” starts a nested multipart body (\"(\"), which hammock does not send; "
                    + "quote the value (\(name)=\"(…\") if it is text.")
        case "@"?:
            let parsed = try reader.part(from: start + 1, endCharacter: ",", allowsFilename: true)
            if parsed.separator == "," {
                throw MultipartSpecError(
                    "The part “\(name)” names several files (\(spec)); give each file a part of its own.")
            }
            let path = try Self.checkedPath(parsed.value, name: name)
            self.init(name: name, content: .file(path: path), contentType: parsed.type, filename: parsed.filename)
        case "<"?:
            let parsed = try reader.part(from: start + 1, endCharacter: nil, allowsFilename: false)
            let path = try Self.checkedPath(parsed.value, name: name)
            self.init(name: name, content: .fileContents(path: path), contentType: parsed.type)
        default:
            let parsed = try reader.part(from: start, endCharacter: nil, allowsFilename: true)
            self.init(name: name, content: .text(parsed.value), contentType: parsed.type, filename: parsed.filename)
        }
    }

    /// The parts of a multipart body written one a line (`\n` or `\r\n` between them); blank
    /// lines are skipped.
    ///
    /// - Throws: ``MultipartSpecError`` naming the line (`part line 2: …`) of the first part
    ///   that does not read.
    public static func parts(inBody text: String) throws(MultipartSpecError) -> [MultipartPart] {
        var parts: [MultipartPart] = []
        // Split on the scalar: as Characters, "\r\n" is one and would not split at "\n".
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, rawLine) in lines.enumerated() {
            let line = rawLine.last == "\r" ? rawLine.dropLast() : rawLine
            guard line.contains(where: { !Self.isBlank($0) }) else { continue }
            do {
                parts.append(try MultipartPart(spec: String(String.UnicodeScalarView(line))))
            } catch {
                throw MultipartSpecError("part line \(index + 1): \(error.message)")
            }
        }
        return parts
    }

    private static func checkedPath(_ path: String, name: String) throws(MultipartSpecError) -> String {
        if path.isEmpty { throw MultipartSpecError("The part “\(name)” names no file after @ or <.") }
        if path == "-" {
            throw MultipartSpecError(
                "The part “\(name)” reads standard input (-), which hammock cannot do; name a file instead.")
        }
        return path
    }

    /// curl's blanks: space, tab, line feed, vertical tab, form feed, carriage return.
    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || ("\t"..."\r").contains(scalar)
    }
}
