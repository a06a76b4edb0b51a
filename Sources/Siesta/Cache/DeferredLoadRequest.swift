/// The request `loadIfNeeded()` returns while a resource's cache is being read: it follows the
/// load that starts once the read finishes, or completes with the cached data if that turned
/// out fresh.
@MainActor
final class DeferredLoadRequest: CompletableRequest {
    private weak var resource: Resource?
    private var followed: (any Request)?

    init(resource: Resource) {
        self.resource = resource
        super.init()
        start()
    }

    /// Whether the stand-in already follows a load or has completed.
    var isResolved: Bool { followed != nil || state == .completed }

    func resolve(with load: (any Request)?) {
        guard state == .inProgress else { return }
        if let load {
            followed = load
            load.onProgress { [weak self] in self?.callbacks.reportProgress($0) }
            load.onCompletion { [weak self] in self?.complete(with: $0) }
        } else if let data = resource?.latestData {
            // As in Siesta, the request itself ends with new data (the cached entity: `onNewData`
            // runs); only the resource's observers hear `notModified`.
            complete(with: ResponseInfo(response: .success(data), isNew: true))
        } else if let error = resource?.latestError {
            complete(with: ResponseInfo(response: .failure(error)))
        } else {
            complete(with: .cancellation)
        }
    }

    override func cancelUnderlying() {
        followed?.cancel()
    }

    override func repeated() -> any Request {
        resource?.load() ?? self
    }
}
