import Foundation

/// What checking one instance against a schema found.
public struct SchemaValidationResult: Sendable {
    /// The violations, in the order the instance was walked, at most the number asked for.
    public var violations: [SchemaViolation]
    /// True when the check stopped before the end: more violations than asked for, or the task
    /// was cancelled. The instance may have more problems than ``violations`` lists.
    public var isTruncated: Bool
    /// True when there are no violations. When ``isTruncated`` is also true, the check was
    /// cancelled before it found any, so validity is unknown.
    public var isValid: Bool { violations.isEmpty }

    /// A result made of these violations.
    public init(violations: [SchemaViolation], isTruncated: Bool) {
        self.violations = violations
        self.isTruncated = isTruncated
    }
}
