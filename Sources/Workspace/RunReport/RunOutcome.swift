/// How one request of a run ended.
public enum RunOutcome: String, Sendable, Hashable, Codable {
    /// Sent, answered, and every assertion held.
    case passed
    /// Answered, and at least one assertion did not hold.
    case failed
    /// Could not be sent or completed (network, TLS, timeout, limits, a missing variable, a bad
    /// assertion line).
    case error
    /// Not run (an earlier failure stopped the file without `--continue-on-failure`).
    case skipped
}
