/// Fills `{{variable}}` placeholders from the variables of an environment and, for
/// `{{env:NAME}}`, from a process environment passed in (tests need no real environment).
///
/// Resolving is all or nothing: when any placeholder has no value the result is an
/// ``UnresolvedVariablesError`` naming every missing variable and where it is used, and no
/// resolved request is produced. Values are inserted as they are, never expanded again, so a
/// value holding `{{x}}` gives the text `{{x}}`. See ``Template`` for the syntax and escapes.
///
/// ```swift
/// let resolver = VariableResolver(variables: ["base": "https://api.example.com"],
///                                 processEnvironment: ProcessInfo.processInfo.environment)
/// let ready = try resolver.resolve(definition)   // or throws UnresolvedVariablesError
/// ```
public struct VariableResolver: Sendable {
    /// The environment's variables by name.
    public var variables: [String: String]
    /// The process environment, for `{{env:NAME}}`.
    public var processEnvironment: [String: String]
    /// Values of other requests' exchanges (`{{login.response.body.$.token}}`); nil for none.
    /// Without it, such placeholders have no value.
    public var requestValue: (@Sendable (RequestValueReference) -> String?)?

    /// Creates a resolver.
    public init(
        variables: [String: String], processEnvironment: [String: String] = [:],
        requestValue: (@Sendable (RequestValueReference) -> String?)? = nil
    ) {
        self.variables = variables
        self.processEnvironment = processEnvironment
        self.requestValue = requestValue
    }

    /// The value for one reference, nil when it has none. Dynamic variables get a new value at
    /// each call.
    public func value(of reference: VariableReference) -> String? {
        switch reference {
        case .variable(let name): return variables[name]
        case .processEnvironment(let name): return processEnvironment[name]
        case .dynamic(let name, let arguments):
            return DynamicVariable.value(name: name, arguments: arguments, processEnvironment: processEnvironment)
        case .requestValue(let reference): return requestValue?(reference)
        }
    }

    /// `definition` with every placeholder in its URL, header names and values, and body
    /// replaced; throws when any has no value. Method and body kind are kept as they are.
    public func resolve(_ definition: RequestDefinition) throws(UnresolvedVariablesError) -> RequestDefinition {
        var missing = VariableUse.Collector()
        let resolved = resolve(definition, missing: &missing)
        guard missing.uses.isEmpty else { throw UnresolvedVariablesError(missing: missing.uses) }
        return resolved
    }

    /// `text` with its placeholders replaced; `place` is used in the error.
    public func resolve(_ text: String, in place: VariablePlace) throws(UnresolvedVariablesError) -> String {
        var missing = VariableUse.Collector()
        let resolved = resolve(text, in: place, missing: &missing)
        guard missing.uses.isEmpty else { throw UnresolvedVariablesError(missing: missing.uses) }
        return resolved
    }

    func resolve(_ definition: RequestDefinition, missing: inout VariableUse.Collector) -> RequestDefinition {
        var resolved = definition
        resolved.url = resolve(definition.url, in: .url, missing: &missing)
        resolved.headers = definition.headers.map { header in
            HeaderField(
                name: resolve(header.name, in: .header(header.name), missing: &missing),
                value: resolve(header.value, in: .header(header.name), missing: &missing))
        }
        resolved.body = definition.body.map { resolve($0, in: .body, missing: &missing) }
        return resolved
    }

    func resolve(_ text: String, in place: VariablePlace, missing: inout VariableUse.Collector) -> String {
        guard text.contains("{{") else { return text }
        var found: [VariableReference] = []
        let result = Template(text).render({ value(of: $0) }, missing: { found.append($0) })
        for reference in found { missing.add(reference, at: place) }
        return result
    }
}
