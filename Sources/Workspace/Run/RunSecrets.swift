import Foundation
import Safety

/// The secrets of one run and how text is shown with them hidden: every value of a variable
/// or capture whose name marks a secret (`token`, `password`, `api_key`, …), every value sent
/// or received in a secret header, and the value of every JSON member or form field whose name
/// marks one. Everything a run prints or reports passes through ``mask(_:)``.
///
/// Values shorter than four characters are not hidden by value (they would hide unrelated
/// text); they are still hidden where a secret name or header holds them.
public final class RunSecrets: @unchecked Sendable {
    private let lock = NSLock()
    private var values: Set<String> = []

    /// An empty set.
    public init() {}

    /// True when `name` (a variable, capture, JSON member or form field) marks a secret.
    public static func isSecretName(_ name: String) -> Bool {
        SecretMasker.isSecretQueryParameter(name) || name.lowercased().contains("session")
    }

    /// Remembers `value` as secret.
    public func add(_ value: String) {
        guard value.count >= 4 else { return }
        lock.withLock { _ = values.insert(value) }
    }

    /// Remembers `value` when `name` marks a secret.
    public func add(_ value: String, named name: String) {
        if Self.isSecretName(name) { add(value) }
    }

    /// `text` with every known secret value, and the values of secret JSON members and form
    /// fields, replaced by ``SecretMasker/mask``.
    public func mask(_ text: String) -> String {
        var result = text
        if Self.mayHoldSecretNames(text) {
            var found: [String] = []
            result = Self.maskMembers(text, found: &found)
            for value in found { add(value) }
        }
        return maskKnown(result)
    }

    /// A header's value as shown: masked when the header is secret, and every known secret
    /// value in it hidden.
    public func mask(header name: String, value: String) -> String {
        maskKnown(SecretMasker.maskHeader(name: name, value: value))
    }

    /// `text` with every known secret value hidden.
    private func maskKnown(_ text: String) -> String {
        let known = lock.withLock { values }
        guard !known.isEmpty else { return text }
        var result = text
        for value in known.sorted(by: { $0.count > $1.count }) where result.contains(value) {
            result = result.replacingOccurrences(of: value, with: SecretMasker.mask)
        }
        return result
    }

    /// Parts of names that any secret name holds (see ``isSecretName(_:)``): text without any
    /// of them has no secret member or field to look for.
    private static let nameFragments = ["token", "secret", "passw", "key", "auth", "sig", "cookie", "session"]

    /// True when `text` may hold a member or field with a secret name.
    static func mayHoldSecretNames(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return nameFragments.contains { lowered.contains($0) }
    }

    /// JSON `"password": "…"` members and `password=…` form fields with secret names, masked.
    static func maskMembers(_ text: String, found: inout [String]) -> String {
        guard text.contains("\"") || text.contains("=") else { return text }
        var result = text
        var collected: [String] = []
        defer { found += collected }
        let member = /"([A-Za-z0-9_.\-]{1,64})"(\s*:\s*)"((?:[^"\\]|\\.)*)"/
        result = result.replacing(member) { match in
            let name = String(match.output.1)
            guard isSecretName(name), !match.output.3.isEmpty else { return String(match.output.0) }
            collected.append(String(match.output.3))
            return "\"\(name)\"\(match.output.2)\"\(SecretMasker.mask)\""
        }
        let field = /(^|&)([A-Za-z0-9_.\-]{1,64})=([^&\s]*)/
        result = result.replacing(field) { match in
            let name = String(match.output.2)
            guard isSecretName(name), !match.output.3.isEmpty else { return String(match.output.0) }
            collected.append(String(match.output.3))
            return "\(match.output.1)\(name)=\(SecretMasker.mask)"
        }
        return result
    }
}
