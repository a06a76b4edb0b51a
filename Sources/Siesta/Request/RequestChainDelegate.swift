/// The logic of a chained request (see ``Request/chained(whenCompleted:)``): waits for the
/// wrapped request, lets the closure decide, and follows the request it passes to.
@MainActor
final class RequestChainDelegate: RequestDelegate {
    private let wrapped: any Request
    private let whenCompleted: @MainActor (ResponseInfo) -> RequestChainAction
    /// The request the chain currently waits on: the wrapped one, then the one passed to.
    private var current: (any Request)?

    init(wrapping wrapped: any Request, whenCompleted: @escaping @MainActor (ResponseInfo) -> RequestChainAction) {
        self.wrapped = wrapped
        self.whenCompleted = whenCompleted
    }

    var requestDescription: String { "chain" }

    func startUnderlyingOperation(passingResponseTo completionHandler: any RequestCompletionHandler) {
        current = wrapped
        wrapped.onCompletion { [self] info in
            guard !completionHandler.willIgnore(info) else { return }
            switch whenCompleted(info) {
            case .useThisResponse:
                completionHandler.broadcastResponse(info)
            case .useResponse(let substitute):
                completionHandler.broadcastResponse(substitute)
            case .passTo(let next):
                current = next
                next.onCompletion { completionHandler.broadcastResponse($0) }
                next.start()
            }
        }
        wrapped.start()
    }

    func cancelUnderlyingOperation() {
        (current ?? wrapped).cancel()
    }

    func computeProgress() -> Double {
        current?.progress ?? 0
    }

    func repeated() -> any RequestDelegate {
        RequestChainDelegate(wrapping: wrapped.repeated(), whenCompleted: whenCompleted)
    }
}
