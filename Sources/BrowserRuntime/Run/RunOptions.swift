import Workspace

/// How a run goes: variables, order, repeats, pauses and limits.
package struct RunOptions: Sendable {
    /// The environment (`--env`), ``Environment/none`` for none.
    package var environment: Environment = .none
    /// `--var name=value`, which win over everything else.
    package var variables: [EnvironmentVariable] = []
    /// The process environment, for `{{env:NAME}}`.
    package var processEnvironment: [String: String] = [:]
    /// Files run at once (`--jobs`); requests within a file always run in order.
    package var jobs = 1
    /// Keep going in a file after a request failed (`--continue-on-failure`); without it the
    /// rest of the file is skipped.
    package var continueOnFailure = false
    /// How many times the whole set of files runs (`--repeat`).
    package var repeatCount = 1
    /// The pause before each request after the first (`--delay`).
    package var delay: Duration = .zero
    /// Seconds without a byte before a request fails.
    package var timeout: Double = 60
    /// The API description's checker for `schema` assertions; nil when there is none.
    package var checker: ResponseChecker?
    /// The largest response body kept, in bytes.
    package var maximumBodySize = 64 << 20

    /// Default options.
    package init() {}
}
