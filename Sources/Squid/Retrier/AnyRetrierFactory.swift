/// A ``RetrierFactory`` built from a closure that makes a new retrier.
///
/// ```swift
/// var retrierFactory: RetrierFactory { AnyRetrierFactory { TokenRefreshingRetrier(store) } }
/// ```
public struct AnyRetrierFactory: RetrierFactory {

    private let make: @Sendable () -> any Retrier

    /// Creates a factory that calls `make` for every failing request.
    public init(_ make: @escaping @Sendable () -> any Retrier) {
        self.make = make
    }

    /// Returns `make()`.
    public func create<R: Request>(for request: R) -> any Retrier {
        make()
    }
}
