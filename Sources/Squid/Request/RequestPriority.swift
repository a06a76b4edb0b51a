/// How urgent a request is, as declared by ``NetworkRequest/priority``.
///
/// The value is accepted so that code declaring priorities compiles, but it is inert: every
/// request runs as its own task on the shared transport, and nothing is queued or reordered by
/// priority.
public enum RequestPriority: Sendable, Hashable, CaseIterable {

    /// Work the user is not waiting for.
    case utility

    /// The ordinary priority of ``AnyRequest``.
    case `default`

    /// Work the user waits for; the default of ``NetworkRequest/priority``.
    case userInitiated
}
