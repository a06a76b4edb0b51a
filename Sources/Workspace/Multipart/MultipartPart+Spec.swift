extension MultipartPart {
    /// The part in curl's `-F` syntax, reading back as the same part with ``init(spec:literal:)``:
    /// `name=value`, `name=@path` or `name=<path`, then `;type=…` and `;filename=…` when given.
    /// A value, path or file name that curl would read otherwise (it holds `;`, a path or file
    /// name holds `,`, it starts with `"`, has blanks at either end, or text starts with `@`, `<`,
    /// `(` or `)`) is written in double quotes, with `\"` and `\\`.
    ///
    /// Not promised: a name holding `=`, or a type holding `;filename=`, cannot be written so that
    /// it reads back the same; no part read from a spec has either.
    public var spec: String {
        var text = name + "="
        switch content {
        case .text(let value): text += Self.written(value, inFilePart: false, isText: true)
        case .file(let path): text += "@" + Self.written(path, inFilePart: true, isText: false)
        case .fileContents(let path): text += "<" + Self.written(path, inFilePart: false, isText: false)
        }
        if let contentType { text += ";type=" + contentType }
        if let filename {
            let inFilePart: Bool
            if case .file = content { inFilePart = true } else { inFilePart = false }
            text += ";filename=" + Self.written(filename, inFilePart: inFilePart, isText: false)
        }
        return text
    }

    /// `text` as curl reads it back whole: as it is, or quoted.
    private static func written(_ text: String, inFilePart: Bool, isText: Bool) -> String {
        let scalars = text.unicodeScalars
        var quote = scalars.contains(";") || (inFilePart && scalars.contains(","))
        if let first = scalars.first {
            quote =
                quote || first == "\"" || isBlank(first) || (isText && "@<()".unicodeScalars.contains(first))
        }
        if let last = scalars.last, isBlank(last) { quote = true }
        guard quote else { return text }
        var escaped = String.UnicodeScalarView()
        for scalar in scalars {
            if scalar == "\\" || scalar == "\"" { escaped.append("\\") }
            escaped.append(scalar)
        }
        return "\"" + String(escaped) + "\""
    }
}
