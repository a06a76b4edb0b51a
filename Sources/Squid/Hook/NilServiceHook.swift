/// The hook that does nothing: every request is sent, no notification is observed. The default
/// of services.
public struct NilServiceHook: ServiceHook {

    /// Creates the hook.
    public init() {}
}
