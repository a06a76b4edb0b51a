/// The retrier that never retries: every failure ends the request. The default of services.
public final class NilRetrier: Retrier {

    /// Creates the retrier.
    public init() {}

    /// A factory handing out ``NilRetrier``s.
    public static func factory() -> RetrierFactory {
        AnyRetrierFactory { NilRetrier() }
    }

    /// Always `false`.
    public func retry<R: Request>(_ request: R, failingWith error: Squid.Error) async -> Bool {
        false
    }
}
