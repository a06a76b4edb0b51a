/// The formats `hammock run --report` writes.
public enum RunReportFormat: String, Sendable, Hashable, CaseIterable {
    /// JUnit XML (``JUnitReport``), for Jenkins, GitLab and GitHub test reporters.
    case junit
    /// The documented JSON document (``JSONRunReport``).
    case json
    /// TAP version 14 (``TAPReport``).
    case tap

    /// The name people read (`JUnit`, `JSON`, `TAP`).
    public var displayName: String {
        switch self {
        case .junit: "JUnit"
        case .json: "JSON"
        case .tap: "TAP"
        }
    }

    /// The report of `result` in this format; `hostname` is used by JUnit only.
    ///
    /// ```swift
    /// let text = RunReportFormat.tap.render(result)   // "TAP version 14\n1..3\n…"
    /// ```
    public func render(_ result: RunResult, hostname: String = "localhost") -> String {
        switch self {
        case .junit: JUnitReport.render(result, hostname: hostname)
        case .json: JSONRunReport.render(result)
        case .tap: TAPReport.render(result)
        }
    }
}
