/// How a form's body text is encoded when sent.
public enum BodyMode: String, CaseIterable, Sendable {
    /// JSON, validated before sending (`request(_:json:)`).
    case json
    /// Plain text (`request(_:text:)`).
    case text
    /// `key=value` pairs, by `&` or by line, sent form-urlencoded as ``RequestBody/parse(_:mode:)`` says.
    case form

    /// The next mode (Ctrl-T cycles).
    public var next: BodyMode {
        let all = BodyMode.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// The `Content-Type` a body of this mode is sent with.
    public var contentType: String {
        switch self {
        case .json: return "application/json"
        case .text: return "text/plain; charset=utf-8"
        case .form: return "application/x-www-form-urlencoded"
        }
    }

    /// The label shown in the form.
    public var label: String {
        switch self {
        case .json: return "JSON"
        case .text: return "text"
        case .form: return "form-urlencoded"
        }
    }
}
