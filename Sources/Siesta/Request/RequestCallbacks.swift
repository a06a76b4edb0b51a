/// The hook lists of one request: completion hooks fire once, in order; progress hooks fire on
/// every report. Hooks registered by the resource itself (to update its state) run before the
/// caller's hooks.
///
/// A hook added to a request that has already completed runs on a later turn of the main actor,
/// never inside the call that adds it, as in Siesta: the caller finishes what it is doing first
/// (a request returned completed by `load()` is still in progress to code that chains on it).
@MainActor
final class RequestCallbacks {
    private var internalCompletionHooks: [(ResponseInfo) -> Void] = []
    private var completionHooks: [(ResponseInfo) -> Void] = []
    private var progressHooks: [(Double) -> Void] = []
    private(set) var completedInfo: ResponseInfo?
    private(set) var latestProgress: Double = 0

    /// Adds a hook that runs before the caller's hooks (used by `Resource.load(using:)`).
    func addInternalCompletionHook(_ hook: @escaping (ResponseInfo) -> Void) {
        if let completedInfo {
            Task { @MainActor in hook(completedInfo) }
        } else {
            internalCompletionHooks.append(hook)
        }
    }

    /// Adds a completion hook; if the request already completed, it runs on the next turn.
    func addCompletionHook(_ hook: @escaping (ResponseInfo) -> Void) {
        if let completedInfo {
            Task { @MainActor in hook(completedInfo) }
        } else {
            completionHooks.append(hook)
        }
    }

    /// Adds a progress hook; if already completed, calls it once with 1 on the next turn.
    func addProgressHook(_ hook: @escaping (Double) -> Void) {
        if completedInfo != nil {
            Task { @MainActor in hook(1) }
        } else {
            progressHooks.append(hook)
        }
    }

    /// Reports progress if it grew; values are clamped to 0...1 and never decrease.
    func reportProgress(_ value: Double) {
        guard completedInfo == nil else { return }
        let clamped = min(1, max(0, value))
        guard clamped > latestProgress else { return }
        latestProgress = clamped
        for hook in progressHooks { hook(clamped) }
    }

    /// Completes: final progress 1, then internal hooks, then the caller's hooks. Returns false if
    /// it had already completed (nothing happens then).
    @discardableResult
    func complete(with info: ResponseInfo) -> Bool {
        guard completedInfo == nil else { return false }
        if latestProgress < 1 {
            latestProgress = 1
            for hook in progressHooks { hook(1) }
        }
        completedInfo = info
        let internalHooks = internalCompletionHooks
        let hooks = completionHooks
        internalCompletionHooks = []
        completionHooks = []
        progressHooks = []
        for hook in internalHooks { hook(info) }
        for hook in hooks { hook(info) }
        return true
    }
}
