/// Variables a request uses that have no value; the request must not be sent.
///
/// It names every missing variable and every place it is used, so one message tells the whole
/// story: `3 variables have no value: base (the URL), trace (header X-Trace), env:TOKEN (auth
/// token; the process environment has no TOKEN).`
public struct UnresolvedVariablesError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The missing variables in order of first use, each with its places.
    public var missing: [VariableUse]

    /// Creates the error.
    public init(missing: [VariableUse]) {
        self.missing = missing
    }

    /// The message for people, one sentence.
    public var message: String {
        let parts = missing.map { use -> String in
            var places = use.places.map(\.description).joined(separator: ", ")
            switch use.reference {
            case .processEnvironment(let name):
                places += "; the process environment has no \(name)"
            case .dynamic(let name, let arguments):
                if name == "$processEnv", let variable = arguments.first {
                    places += "; the process environment has no \(variable)"
                } else {
                    places += "; \(name) is not a dynamic variable hammock knows, or its arguments do not fit"
                }
            case .requestValue(let reference):
                places += "; run “\(reference.request)” first, or check that its answer has this value"
            case .variable:
                break
            }
            return "\(use.reference) (\(places))"
        }
        let head = missing.count == 1 ? "1 variable has no value: " : "\(missing.count) variables have no value: "
        return head + parts.joined(separator: ", ") + "."
    }

    /// Same as ``message``.
    public var description: String { message }
}
