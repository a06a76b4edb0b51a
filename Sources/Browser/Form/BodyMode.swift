/// How a form's body text is encoded when sent.
public enum BodyMode: String, CaseIterable, Sendable {
    /// JSON, validated before sending (`request(_:json:)`).
    case json
    /// Plain text (`request(_:text:)`).
    case text
    /// `key=value` pairs, by `&` or by line, sent form-urlencoded as ``RequestBody/parse(_:mode:)`` says.
    case form
    /// `multipart/form-data`: one part a line in curl's `-F` syntax (`title=Holiday`,
    /// `photo=@~/a.png;type=image/png`, `notes=<notes.txt`); files are streamed from disk.
    case multipart
    /// The bytes of one file, whose path is the body text, streamed from disk.
    case file

    /// The next mode (Ctrl-T cycles).
    public var next: BodyMode {
        let all = BodyMode.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// The next mode a body given to `overrideLocalContent(with:)` may have: JSON, text or
    /// form-urlencoded (Ctrl-T in the `o` form).
    public var nextInMemory: BodyMode {
        var mode = next
        while !mode.isInMemory { mode = mode.next }
        return mode
    }

    /// True for the modes whose body is the typed text (JSON, text, form-urlencoded); false for
    /// multipart and file bodies, whose bytes come from files when sent.
    public var isInMemory: Bool {
        switch self {
        case .json, .text, .form: return true
        case .multipart, .file: return false
        }
    }

    /// The `Content-Type` a body of this mode is sent with (a multipart body's gets its boundary
    /// when sent).
    public var contentType: String {
        switch self {
        case .json: return "application/json"
        case .text: return "text/plain; charset=utf-8"
        case .form: return "application/x-www-form-urlencoded"
        case .multipart: return "multipart/form-data"
        case .file: return "application/octet-stream"
        }
    }

    /// The label shown in the form.
    public var label: String {
        switch self {
        case .json: return "JSON"
        case .text: return "text"
        case .form: return "form-urlencoded"
        case .multipart: return "multipart/form-data"
        case .file: return "file"
        }
    }
}
