/// A request whose outcome is decided by a closure when the request it wraps completes; see
/// ``Request/chained(whenCompleted:)``.
@MainActor
final class ChainedRequest: CompletableRequest {
    private let wrapped: any Request
    private let whenCompleted: @MainActor (ResponseInfo) -> RequestChainAction
    private var current: (any Request)?

    init(wrapping wrapped: any Request, whenCompleted: @escaping @MainActor (ResponseInfo) -> RequestChainAction) {
        self.wrapped = wrapped
        self.whenCompleted = whenCompleted
        super.init()
    }

    override func startUnderlying() {
        follow(wrapped) { [weak self] info in
            guard let self else { return }
            switch self.whenCompleted(info) {
            case .useThisResponse: self.complete(with: info)
            case .useResponse(let substitute): self.complete(with: substitute)
            case .passTo(let next): self.follow(next) { [weak self] in self?.complete(with: $0) }
            }
        }
    }

    private func follow(_ request: any Request, then handler: @escaping @MainActor (ResponseInfo) -> Void) {
        current = request
        request.onProgress { [weak self] in self?.callbacks.reportProgress($0) }
        request.onCompletion(handler)
        request.start()
    }

    override func cancelUnderlying() {
        current?.cancel()
    }

    override func repeated() -> any Request {
        ChainedRequest(wrapping: wrapped.repeated(), whenCompleted: whenCompleted)
    }
}
