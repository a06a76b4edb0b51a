/// The exit codes of `hammock run`, the same as Hurl's.
public enum RunExitCode {
    /// Every request ran and every assertion held.
    public static let success: Int32 = 0
    /// The command line was wrong (an unknown option, a missing path, a bad `--var`).
    public static let badUsage: Int32 = 1
    /// A file could not be read or parsed; the message names `file:line:column`.
    public static let unreadableFile: Int32 = 2
    /// A request could not be sent or completed: network, TLS, timeout, limits, a variable
    /// with no value.
    public static let requestFailed: Int32 = 3
    /// An assertion did not hold.
    public static let assertionFailed: Int32 = 4
}
