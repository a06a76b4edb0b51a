import Foundation
import HTTPCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An in-memory cache of a RESTful resource, plus information about the status of network
/// requests related to it.
///
/// A resource answers three questions: what is the latest data this process has for it
/// (``latestData``), did the last attempt to load it fail (``latestError``), and is a request in
/// progress (``isLoading``); and it tells every observer whenever an answer changes.
///
/// Get resources from a ``Service``; there is one instance per URL:
///
/// ```swift
/// let user = service.resource("/users/1")
/// user.addObserver(owner: self) { resource, event in render(resource.jsonDict) }
/// user.loadIfNeeded()
/// ```
@MainActor
public final class Resource {
    /// The API to which this resource belongs. Provides configuration and instance uniqueness.
    public let service: Service

    /// The canonical URL of this resource. For a resource made from an invalid URL, a
    /// placeholder (`siesta:invalid-url`); its requests fail at once.
    public let url: URL

    /// What an invalid resource was made from; `nil` for valid resources.
    let invalidURLSource: String?

    /// The latest valid data for this resource: from a server response to `load()`, a cache,
    /// or a local override. It stays when a later load fails, and goes only with ``wipe()``.
    /// `request(...)` results never land here.
    public private(set) var latestData: Entity<Any>? {
        get {
            cacheLoader.startIfNeeded(for: self)
            return storedLatestData
        }
        set { storedLatestData = newValue }
    }
    private var storedLatestData: Entity<Any>?

    /// Why the last load failed; `nil` as soon as a load succeeds or data is set locally.
    public private(set) var latestError: RequestError?

    /// The time of the most recent update to either ``latestData`` or ``latestError``, in
    /// seconds since the reference date; 0 if neither was ever set.
    public var timestamp: TimeInterval {
        max(storedLatestData?.timestamp ?? 0, latestError?.timestamp ?? 0)
    }

    /// All load requests in progress (from `load()`, `loadIfNeeded()`, `load(using:)`), oldest
    /// first.
    public private(set) var loadRequests: [any Request] = []

    /// All requests in progress related to this resource, loads included, oldest first.
    public private(set) var allRequests: [any Request] = []

    /// True while any load request is in progress.
    public var isLoading: Bool { !loadRequests.isEmpty }

    /// True while any request for this resource is in progress.
    public var isRequesting: Bool { !allRequests.isEmpty }

    var observers = ObserverList()
    /// How many requests in ``loadRequests`` and in ``allRequests`` may be completed while still
    /// listed: those added once already completed (their removal runs on a later turn) and those
    /// of other types, whose hooks may run late. While there are none, a completed request is
    /// taken out by itself alone, without a look at the others.
    private var lingeringLoads = 0
    private var lingeringRequests = 0
    private var invalidated = false
    private var cachedConfigurations: [RequestMethod: Configuration] = [:]
    private var cachedFreshness: (expirationTime: TimeInterval, retryTime: TimeInterval)?
    private var configurationVersion = -1
    let cacheLoader = CacheLoader()

    init(service: Service, url: URL) {
        self.service = service
        self.url = url
        self.invalidURLSource = nil
    }

    init(service: Service, invalidURLSource: String) {
        self.service = service
        self.url = URL(string: "siesta:invalid-url")!
        self.invalidURLSource = invalidURLSource
    }

    /// Whether ``latestData`` is set, without triggering a cache read.
    var hasStoredData: Bool { storedLatestData != nil }

    /// Whether the service may release this resource: it has no observers and no requests.
    var isInUse: Bool {
        !allRequests.isEmpty || observers.hasLiveObserver
    }

    // MARK: Configuration

    /// The configuration for GET requests: staleness, headers, pipeline.
    public var configuration: Configuration {
        configuration(for: .get)
    }

    /// The configuration for requests with the given method.
    public func configuration(for method: RequestMethod) -> Configuration {
        if configurationVersion != service.configurationVersion {
            cachedConfigurations.removeAll()
            cachedFreshness = nil
            configurationVersion = service.configurationVersion
        }
        if let cached = cachedConfigurations[method] {
            return cached
        }
        let computed = service.configuration(forURL: url, method: method)
        cachedConfigurations[method] = computed
        return computed
    }

    /// The GET configuration's `expirationTime` and `retryTime`, kept apart from the whole
    /// configuration so that `loadIfNeeded()` on fresh data reads two numbers.
    private var freshness: (expirationTime: TimeInterval, retryTime: TimeInterval) {
        if configurationVersion == service.configurationVersion, let cachedFreshness {
            return cachedFreshness
        }
        let getConfiguration = configuration
        let computed = (getConfiguration.expirationTime, getConfiguration.retryTime)
        cachedFreshness = computed
        return computed
    }

    // MARK: Staleness and loading

    /// True if the local state is fresh: either there is data, no error, and the data is
    /// younger than `expirationTime`; or the last load failed less than `retryTime` ago. Always
    /// false after ``invalidate()`` until the next update.
    public var isUpToDate: Bool {
        guard !invalidated else { return false }
        let now = SiestaClock.now()
        if let latestError {
            return now - latestError.timestamp <= freshness.retryTime
        }
        cacheLoader.startIfNeeded(for: self)
        guard let timestamp = storedLatestData?.timestamp else { return false }
        return now - timestamp <= freshness.expirationTime
    }

    /// Ensures a load is in progress unless the resource is up to date: returns the load in
    /// flight if there is one, `nil` if up to date, and otherwise the result of ``load()``.
    ///
    /// Cheap and safe to call often: on every screen appearance, every key press.
    @discardableResult
    public func loadIfNeeded() -> (any Request)? {
        if let inFlight = loadRequests.first {
            return inFlight
        }
        cacheLoader.startIfNeeded(for: self)
        if cacheLoader.holdsBackLoads {
            let (deferred, isNew) = cacheLoader.deferredLoad(for: self)
            if isNew { trackDeferredLoad(deferred) }
            return deferred
        }
        return isUpToDate ? nil : load()
    }

    /// Counts a stand-in load made during a cache read as a load in progress, without a
    /// `requested` event: the read decides whether the network is needed.
    private func trackDeferredLoad(_ deferred: DeferredLoadRequest) {
        loadRequests.append(deferred)
        trackRequest(deferred)
        deferred.addInternalCompletionHook { [weak self, weak deferred] info in
            guard let self else { return }
            let wasLoading = self.loadRequests.contains { $0 === deferred }
            self.loadRequests.removeAll { $0 === deferred }
            if wasLoading, case .failure(let error) = info.response,
                error.cause is RequestError.Cause.RequestCancelled
            {
                self.notifyObservers(.requestCancelled)
            }
        }
    }

    /// The cache read that held back `loadIfNeeded()` is done: a fresh hit ends the stand-in
    /// load with the cached data as new data, while observers hear `notModified`; otherwise the network load starts and the stand-in follows it. (A
    /// `load()` made during the read has already taken the stand-in over.)
    func resolveDeferredLoad(_ deferred: DeferredLoadRequest) {
        guard deferred.state == .inProgress, !deferred.isResolved else { return }
        loadRequests.removeAll { $0 === deferred }
        if isUpToDate {
            // The stand-in counted as loading: its end is news even when the fresh data came
            // from elsewhere (a local override during the read).
            if latestError == nil && hasStoredData {
                notifyObservers(.notModified)
            } else if latestError != nil {
                notifyObservers(.error)
            }
            deferred.resolve(with: nil)
        } else {
            deferred.resolve(with: load())
        }
    }

    /// Sends a GET request for this resource, even if one is already in flight, and updates
    /// the resource with the result. Sends `If-None-Match` when the current data has an ETag.
    ///
    /// Events: `requested` at once; then `newData(.network)`, `notModified`, `error`, or
    /// `requestCancelled`.
    @discardableResult
    public func load() -> any Request {
        load(using: loadRequest())
    }

    /// The request of ``load()``: a GET with the configured headers and `If-None-Match` when the
    /// latest data has an ETag, exactly as `request(.get)` with that header set in its ad hoc
    /// mutation would send. Without configured request mutations, it is sent as a plain request,
    /// with no `URLRequest` made.
    private func loadRequest() -> any Request {
        guard invalidURLSource == nil, configuration(for: .get).requestMutators.isEmpty else {
            return request(.get) { [weak self] underlying in
                if let etag = self?.storedLatestData?.etag {
                    underlying.setValue(etag, forHTTPHeaderField: "If-None-Match")
                }
            }
        }
        return startNetworkRequest { [url, unowned self] in
            var request = HTTPPlainRequest(url: url)
            for (name, value) in self.configuration(for: .get).headers {
                request.setValue(value, forHTTPHeaderField: name)
            }
            if let etag = self.storedLatestData?.etag {
                request.setValue(etag, forHTTPHeaderField: "If-None-Match")
            }
            return .plain(request)
        }
    }

    /// Updates this resource with the outcome of `request`, exactly as ``load()`` would: use it
    /// to load with another method, with one-off headers, or from another resource's request.
    ///
    /// The resource's state is updated before any of the request's own hooks run.
    @discardableResult
    public func load(using request: any Request) -> any Request {
        // A stand-in load waiting for the cache read follows this load instead.
        for case let standIn as DeferredLoadRequest in loadRequests where standIn !== request && !standIn.isResolved {
            loadRequests.removeAll { $0 === standIn }
            standIn.resolve(with: request)
        }
        loadRequests.append(request)
        let lingers = Self.mayLinger(request)
        if lingers { lingeringLoads += 1 }
        notifyObservers(.requested)
        request.onProgress { [weak self] progress in
            guard let self else { return }
            for observer in self.liveObservers() {
                observer.resourceRequestProgress(for: self, progress: progress)
            }
        }
        let finish: @MainActor (ResponseInfo) -> Void = { [weak self, weak request] info in
            guard let self else { return }
            if lingers { self.lingeringLoads -= 1 }
            Self.remove(request, from: &self.loadRequests, sweepingCompleted: self.lingeringLoads > 0)
            self.receive(info)
            guard case .success = info.response else { return }
            if info.isNew, let network = request as? NetworkRequest {
                self.cacheLoader.write(network.cacheableOutputs, for: self)
            } else if !info.isNew, let data = self.storedLatestData {
                self.cacheLoader.updateTimestamps(for: self, to: data.timestamp)
            }
        }
        if let completable = request as? CompletableRequest {
            completable.addInternalCompletionHook(finish)
        } else {
            request.onCompletion(finish)
        }
        return request
    }

    private func receive(_ info: ResponseInfo) {
        switch info.response {
        case .success(let entity) where info.isNew:
            receiveNewData(entity, source: .network)
        case .success:
            receiveNotModified()
        case .failure(let error) where error.cause is RequestError.Cause.RequestCancelled:
            notifyObservers(.requestCancelled)
        case .failure(let error):
            latestError = error
            invalidated = false
            notifyObservers(.error)
        }
    }

    func receiveNewData(_ entity: Entity<Any>, source: ResourceEvent.NewDataSource) {
        storedLatestData = entity
        latestError = nil
        invalidated = false
        if source != .cache {
            cacheLoader.markSuperseded()
        }
        notifyObservers(.newData(source))
    }

    private func receiveNotModified() {
        storedLatestData?.touch()
        latestError = nil
        invalidated = false
        notifyObservers(.notModified)
    }

    /// If nothing observes this resource, cancels all its load requests.
    public func cancelLoadIfUnobserved() {
        cleanDefunctObservers()
        guard observers.isEmpty else { return }
        for request in loadRequests {
            request.cancel()
        }
    }

    /// Calls ``cancelLoadIfUnobserved()`` after `delay` seconds, then `callback` (whether or not
    /// anything was cancelled). Useful when views are rapidly discarded and recreated.
    public func cancelLoadIfUnobserved(
        afterDelay delay: TimeInterval,
        then callback: @escaping @MainActor () -> Void = {}
    ) {
        Task { @MainActor [weak self] in
            try? await Task.sleep(nanoseconds: UInt64(max(0, delay) * 1_000_000_000))
            self?.cancelLoadIfUnobserved()
            callback()
        }
    }

    // MARK: Local state changes

    /// Replaces ``latestData`` without touching the network: clears ``latestError`` and any
    /// invalidation, removes a persistent-cache entry, and sends `newData(.localOverride)`.
    ///
    /// The entity does not go through the pipeline: pass content already parsed.
    public func overrideLocalData(with entity: Entity<Any>) {
        receiveNewData(entity, source: .localOverride)
        cacheLoader.removeCachedEntries(for: self)
    }

    /// Replaces the content of ``latestData``, keeping its content type and headers (or
    /// `application/binary` when there is no data yet). Any value is accepted, e.g. an updated
    /// `jsonDict`.
    public func overrideLocalContent(with content: Any) {
        var entity = storedLatestData ?? Entity<Any>(content: content, contentType: "application/binary")
        entity.content = content
        entity.touch()
        overrideLocalData(with: entity)
    }

    /// Makes the next ``loadIfNeeded()`` load, even if the data is fresh. Keeps ``latestData``
    /// and ``latestError`` (and their timestamps). Any update clears the invalidation.
    public func invalidate() {
        invalidated = true
    }

    /// Resets this resource as if newly created: cancels its requests (their hooks see a
    /// cancellation), clears ``latestData`` and ``latestError``, sends `newData(.wipe)`, then
    /// reads the persistent cache again if one is configured.
    public func wipe() {
        for request in allRequests + loadRequests {
            request.cancel()
        }
        storedLatestData = nil
        latestError = nil
        invalidated = false
        notifyObservers(.newData(.wipe))
        cacheLoader.reset()
        cacheLoader.startIfNeeded(for: self)
    }

    // MARK: Request tracking

    /// Whether `request` may be completed while still listed (see ``lingeringLoads``).
    private static func mayLinger(_ request: any Request) -> Bool {
        !(request is CompletableRequest) || request.state == .completed
    }

    /// Takes a completed request out of `requests`, and with it any other completed one when
    /// `sweepingCompleted`. Without the sweep this costs no look at the other requests, so that
    /// cancelling thousands of requests of one resource is not quadratic.
    private static func remove(
        _ request: (any Request)?, from requests: inout [any Request], sweepingCompleted: Bool
    ) {
        if sweepingCompleted {
            requests.removeAll { $0 === request || $0.state == .completed }
        } else if let request, let index = requests.firstIndex(where: { $0 === request }) {
            requests.remove(at: index)
        }
    }

    /// Adds a request to ``allRequests`` until it completes. The removal runs before any other
    /// hook, so observers notified of the outcome already see `isRequesting` updated.
    func trackRequest(_ request: any Request) {
        allRequests.append(request)
        let lingers = Self.mayLinger(request)
        if lingers { lingeringRequests += 1 }
        let untrack: @MainActor (ResponseInfo) -> Void = { [weak self, weak request] _ in
            guard let self else { return }
            if lingers { self.lingeringRequests -= 1 }
            Self.remove(request, from: &self.allRequests, sweepingCompleted: self.lingeringRequests > 0)
        }
        if let completable = request as? CompletableRequest {
            completable.addInternalCompletionHook(untrack)
        } else {
            request.onCompletion(untrack)
        }
    }
}

extension Resource: @MainActor TypedContentAccessors {
    /// The typed accessors (`text`, `jsonDict`…) read ``latestData``.
    public var entityForTypedContentAccessors: Entity<Any>? { latestData }
}

extension Resource: ConfigurationPatternConvertible {
    /// Matches exactly this resource's URL.
    public func configurationPattern(for service: Service) -> (URL) -> Bool {
        let target = url.absoluteString
        return { $0.absoluteString == target }
    }

    /// The resource's URL.
    public var configurationPatternDescription: String { url.absoluteString }
}

extension Resource: @MainActor CustomStringConvertible {
    /// The URL and a summary of the state, e.g. `Resource(http://x/users, data, loading)`.
    public var description: String {
        var flags: [String] = []
        if storedLatestData != nil { flags.append("data") }
        if latestError != nil { flags.append("error") }
        if isLoading { flags.append("loading") }
        let urlText = invalidURLSource.map { "invalid URL \($0)" } ?? url.absoluteString
        return "Resource(\(([urlText] + flags).joined(separator: ", ")))"
    }
}
