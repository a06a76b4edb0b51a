import Foundation

/// What checking one response against the API description found: which operation and response
/// it was held against, and the outcome.
public struct SchemaCheck: Sendable, Equatable {
    /// The outcome.
    public enum Verdict: Sendable, Equatable {
        /// The body is valid against the response's schema.
        case valid
        /// The body breaks the schema: the violations found (at most
        /// ``SchemaCheck/maximumViolations``; `isTruncated` when there were more).
        case violations([SchemaViolation], isTruncated: Bool)
        /// The description names no response for this status (and has no `default`).
        case undocumentedStatus(Int)
        /// The response names no schema for this content type; the ones it has are listed.
        case undocumentedContentType(String, described: [String])
        /// The response is described without a schema, or the body is not JSON: nothing to check.
        case unchecked(String)
        /// The schema itself could not be used (a broken `$ref`…), in words.
        case schemaProblem(String)
    }

    /// The most violations kept per check.
    public static let maximumViolations = 200

    /// The request's method.
    public var method: String
    /// The resource or request URL.
    public var url: String
    /// The status answered.
    public var status: Int
    /// The operation's id (`getPet`, or `GET /pets/{id}`).
    public var operationID: String
    /// Where the schema is (`…#/paths/~1pets/get/responses/200/content/application~1json/schema`),
    /// nil when there was none.
    public var schemaLocation: String?
    /// The outcome.
    public var verdict: Verdict

    /// Creates a check.
    public init(
        method: String, url: String, status: Int, operationID: String, schemaLocation: String?, verdict: Verdict
    ) {
        self.method = method
        self.url = url
        self.status = status
        self.operationID = operationID
        self.schemaLocation = schemaLocation
        self.verdict = verdict
    }

    /// The few words on latestData's border: `schema ✓`, `schema ✗ 3`, `schema ? 418`.
    public var badge: String {
        switch verdict {
        case .valid: return "schema ✓"
        case .violations(let list, let truncated): return "schema ✗ \(list.count)\(truncated ? "+" : "")"
        case .undocumentedStatus(let status): return "schema ? \(status) not described"
        case .undocumentedContentType(let type, _): return "schema ? \(type) not described"
        case .unchecked: return "schema –"
        case .schemaProblem: return "schema ! unusable"
        }
    }

    /// True when the body breaks its schema.
    public var isViolated: Bool {
        if case .violations = verdict { return true }
        return false
    }

    /// One line for Events: the badge, the operation, and the first violation or reason.
    public var summary: String {
        let head = "\(badge) · \(operationID) (\(status))"
        switch verdict {
        case .valid: return head
        case .violations(let list, _):
            guard let first = list.first else { return head }
            return head + ": " + first.instanceLocation + " " + first.message + (list.count > 1 ? " …" : "")
        case .undocumentedStatus(let status):
            return "\(badge) · \(operationID): the description has no response for \(status) and no default"
        case .undocumentedContentType(let type, let described):
            let list = described.isEmpty ? "none" : described.joined(separator: ", ")
            return "\(badge) · \(operationID) (\(status)): no schema for \(type); described: \(list)"
        case .unchecked(let reason): return head + ": " + reason
        case .schemaProblem(let reason): return head + ": " + reason
        }
    }

    /// The whole report, for the viewer: what was checked against what, then each violation
    /// with its instance location and schema location.
    public var report: String {
        var lines = [
            "\(method) \(url) → \(status)",
            "operation \(operationID)",
        ]
        if let schemaLocation { lines.append("schema \(schemaLocation)") }
        lines.append("")
        switch verdict {
        case .valid:
            lines.append("✓ the body is valid against the schema")
        case .violations(let list, let truncated):
            lines.append(
                "✗ \(list.count)\(truncated ? " (more not listed)" : "") violation\(list.count == 1 ? "" : "s"):")
            lines.append("")
            for violation in list {
                lines.append("✗ \(violation.instanceLocation): \(violation.message)")
                lines.append("    schema: \(violation.schemaLocation)")
            }
        default:
            lines.append(summary)
        }
        return lines.joined(separator: "\n")
    }
}
