/// The common machinery of Siesta's request types: hook registration, completion and progress.
/// Subclasses decide how the request is sent, cancelled and repeated.
@MainActor
class CompletableRequest: Request {
    let callbacks = RequestCallbacks()
    private var started = false

    var state: RequestState {
        if callbacks.completedInfo != nil { return .completed }
        return started ? .inProgress : .notStarted
    }

    var progress: Double { callbacks.latestProgress }

    @discardableResult
    func start() -> any Request {
        guard !started, callbacks.completedInfo == nil else { return self }
        started = true
        startUnderlying()
        return self
    }

    /// Sends the request; called once by `start()`.
    func startUnderlying() {}

    func cancel() {
        guard callbacks.completedInfo == nil else { return }
        cancelUnderlying()
        complete(with: .cancellation)
    }

    /// Stops the underlying work; called once by `cancel()` before completion.
    func cancelUnderlying() {}

    func repeated() -> any Request { self }

    /// Completes the request with the given outcome; later calls are ignored.
    func complete(with info: ResponseInfo) {
        callbacks.complete(with: info)
    }

    /// Adds a hook that runs before caller hooks, for resource state updates.
    func addInternalCompletionHook(_ hook: @escaping @MainActor (ResponseInfo) -> Void) {
        callbacks.addInternalCompletionHook(hook)
    }

    @discardableResult
    func onCompletion(_ callback: @escaping @MainActor (ResponseInfo) -> Void) -> any Request {
        callbacks.addCompletionHook(callback)
        return self
    }

    @discardableResult
    func onSuccess(_ callback: @escaping @MainActor (Entity<Any>) -> Void) -> any Request {
        callbacks.addCompletionHook { info in
            if case .success(let entity) = info.response { callback(entity) }
        }
        return self
    }

    @discardableResult
    func onNewData(_ callback: @escaping @MainActor (Entity<Any>) -> Void) -> any Request {
        callbacks.addCompletionHook { info in
            if info.isNew, case .success(let entity) = info.response { callback(entity) }
        }
        return self
    }

    @discardableResult
    func onNotModified(_ callback: @escaping @MainActor () -> Void) -> any Request {
        callbacks.addCompletionHook { info in
            if !info.isNew, case .success = info.response { callback() }
        }
        return self
    }

    @discardableResult
    func onFailure(_ callback: @escaping @MainActor (RequestError) -> Void) -> any Request {
        callbacks.addCompletionHook { info in
            if case .failure(let error) = info.response { callback(error) }
        }
        return self
    }

    @discardableResult
    func onProgress(_ callback: @escaping @MainActor (Double) -> Void) -> any Request {
        callbacks.addProgressHook(callback)
        return self
    }
}
