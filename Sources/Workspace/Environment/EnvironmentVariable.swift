import Safety

/// One variable of an environment, as written in its file.
public struct EnvironmentVariable: Sendable, Hashable, CustomStringConvertible {
    /// The name used in `{{name}}`.
    public var name: String
    /// The value, inserted as it is (never expanded again).
    public var value: String

    /// Creates a variable.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// True when the name says the value is a secret (`token`, `password`, `secret`, `api_key`,
    /// … by the `Safety` policy for header names).
    public var isSecret: Bool {
        SecretMasker.isSecretHeader(name) || SecretMasker.isSecretQueryParameter(name)
    }

    /// The value to show on screens and in logs: `SecretMasker.mask` for secret names.
    public var maskedValue: String {
        isSecret ? SecretMasker.mask : value
    }

    /// `name = value`, the value masked when the name says it is a secret.
    public var description: String { "\(name) = \(maskedValue)" }
}
