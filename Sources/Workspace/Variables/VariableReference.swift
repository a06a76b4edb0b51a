/// What a `{{…}}` placeholder refers to.
public enum VariableReference: Sendable, Hashable, CustomStringConvertible {
    /// `{{name}}`: a variable of the selected environment.
    case variable(String)
    /// `{{env:NAME}}`: a variable of the process environment.
    case processEnvironment(String)

    /// The text between the braces, without spaces: `base`, `env:HOME`.
    public var description: String {
        switch self {
        case .variable(let name): return name
        case .processEnvironment(let name): return "env:" + name
        }
    }

    /// The placeholder as it is written in a template: `{{base}}`, `{{env:HOME}}`.
    public var placeholder: String { "{{" + description + "}}" }
}
