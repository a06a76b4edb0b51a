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
        var found: [String] = []
        var result = Self.maskMembers(text, found: &found)
        for value in found { add(value) }
        let known = lock.withLock { values.sorted { $0.count > $1.count } }
        for value in known where result.contains(value) {
            result = result.replacingOccurrences(of: value, with: SecretMasker.mask)
        }
        return result
    }

    /// A header's value as shown: masked when the header is secret, then as ``mask(_:)``.
    public func mask(header name: String, value: String) -> String {
        mask(SecretMasker.maskHeader(name: name, value: value))
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
