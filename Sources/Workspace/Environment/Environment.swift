/// A named set of variables, and optionally the auth, that requests are resolved with.
///
/// An environment loaded by ``EnvironmentSet/load(_:)`` holds the variables of its own file
/// over those of `_shared.yaml` (its own value wins, its order follows the shared file's, then
/// its own new names), and its own `auth` or else the shared one.
public struct Environment: Sendable, Hashable {
    /// The name (the file name without `.yaml`); empty for ``none``.
    public var name: String
    /// The variables in file order.
    public var variables: [EnvironmentVariable]
    /// How requests are authenticated, nil for no auth.
    public var auth: AuthScheme?

    /// Creates an environment.
    public init(name: String, variables: [EnvironmentVariable] = [], auth: AuthScheme? = nil) {
        self.name = name
        self.variables = variables
        self.auth = auth
    }

    /// No environment: no variables, no auth. `{{env:NAME}}` still works.
    public static let none = Environment(name: "")

    /// The variables by name (a later repeat of a name wins).
    public var values: [String: String] {
        Dictionary(variables.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// The value of variable `name`, nil when it has none.
    public func value(of name: String) -> String? {
        variables.last(where: { $0.name == name })?.value
    }

    /// A resolver over these variables and `processEnvironment`, with `requestValue` for
    /// `{{login.response.body.$.token}}`.
    public func resolver(
        processEnvironment: [String: String], requestValue: (@Sendable (RequestValueReference) -> String?)? = nil
    ) -> VariableResolver {
        VariableResolver(variables: values, processEnvironment: processEnvironment, requestValue: requestValue)
    }

    /// `definition` ready to send: placeholders resolved in it and in the auth settings, then
    /// the auth applied (see ``AuthScheme/apply(to:password:)``).
    ///
    /// Throws ``RequestPreparationError/unresolved(_:)`` listing every missing variable of the
    /// request and of the auth together; then, if Basic auth has no password and `password` is
    /// nil, ``RequestPreparationError/passwordNeeded(username:environment:)``, so the caller can
    /// ask for it without echo and call again with `password`. `requestValue` gives the values
    /// of other requests' exchanges.
    public func prepare(
        _ definition: RequestDefinition, processEnvironment: [String: String], password: String? = nil,
        requestValue: (@Sendable (RequestValueReference) -> String?)? = nil
    ) throws(RequestPreparationError) -> RequestDefinition {
        let resolver = resolver(processEnvironment: processEnvironment, requestValue: requestValue)
        var missing = VariableUse.Collector()
        let resolved = resolver.resolve(definition, missing: &missing)
        let resolvedAuth = auth?.mapFields { field, value in
            resolver.resolve(value, in: .auth(field), missing: &missing)
        }
        guard missing.uses.isEmpty else {
            throw .unresolved(UnresolvedVariablesError(missing: missing.uses))
        }
        guard let resolvedAuth else { return resolved }
        if case .basic(let username, nil) = resolvedAuth, password == nil {
            throw .passwordNeeded(username: username, environment: name)
        }
        do {
            return try resolvedAuth.apply(to: resolved, password: password)
        } catch {
            throw .invalidAuth(error)
        }
    }
}
