/// What a `{{…}}` placeholder refers to.
public enum VariableReference: Sendable, Hashable, CustomStringConvertible {
    /// `{{name}}`: a variable of the selected environment (or a value captured by a run).
    case variable(String)
    /// `{{env:NAME}}`: a variable of the process environment.
    case processEnvironment(String)
    /// `{{$uuid}}`, `{{$randomInt 1 10}}`: a value made when the request is sent (see
    /// ``DynamicVariable``); the name keeps its `$`.
    case dynamic(name: String, arguments: [String])
    /// `{{login.response.body.$.token}}`: a value from another request's last answer.
    case requestValue(RequestValueReference)

    /// The text between the braces, without outer spaces: `base`, `env:HOME`, `$randomInt 1 10`,
    /// `login.response.body.$.token`.
    public var description: String {
        switch self {
        case .variable(let name): return name
        case .processEnvironment(let name): return "env:" + name
        case .dynamic(let name, let arguments): return ([name] + arguments).joined(separator: " ")
        case .requestValue(let reference): return reference.text
        }
    }

    /// The placeholder as it is written in a template: `{{base}}`, `{{env:HOME}}`.
    public var placeholder: String { "{{" + description + "}}" }
}
