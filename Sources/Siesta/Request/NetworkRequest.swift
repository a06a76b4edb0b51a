import Foundation
import NIOConcurrencyHelpers

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request that goes over the network: builds what it sends from the resource's
/// configuration, sends it through the service's provider, runs the response through the
/// pipeline off the main actor, and reports progress while it runs.
///
/// The response of a small body is run through the pipeline on the thread that delivered it and
/// handed to the main actor once; a larger one gets a task of its own for the pipeline, so that a
/// long parse never holds up the transport's thread.
@MainActor
final class NetworkRequest: CompletableRequest {
    /// The largest body run through the pipeline where it arrived, in bytes.
    nonisolated static let inlineProcessingLimit = 64 << 10

    let resource: Resource
    let method: RequestMethod
    private let requestBuilder: @MainActor () -> OutgoingRequest
    let underlyingRequest: OutgoingRequest
    private let configuration: Configuration
    private var networking: (any RequestNetworking)?
    private var startTime: TimeInterval = 0
    /// Set by a cancel, read where the response arrives: a response that comes in after the
    /// cancel (or finished just before it and is still waiting for a thread) is dropped there,
    /// unprocessed, so that its body is let go at once.
    private let cancelled = NIOLockedValueBox(false)

    /// The output of each pipeline stage that has a cache, for a successful response.
    private(set) var cacheableOutputs: [PipelineStageKey: Entity<Any>] = [:]

    init(resource: Resource, method: RequestMethod, requestBuilder: @escaping @MainActor () -> OutgoingRequest) {
        self.resource = resource
        self.method = method
        self.requestBuilder = requestBuilder
        self.underlyingRequest = requestBuilder()
        self.configuration = resource.configuration(for: method)
        super.init()
    }

    override func startUnderlying() {
        startTime = SiestaClock.now()
        let pipeline = configuration.pipeline
        let request = underlyingRequest
        SiestaLog.log(.network, "\(method.rawValue) \(request.url?.absoluteString ?? "?")")
        let service = resource.service
        let cancelled = cancelled
        if let direct = service.directNetworkingProvider {
            networking = direct.startDirectRequest(request) { [weak self] result in
                let size = (try? result.get())?.body.count ?? 0
                NetworkRequest.handOver(to: self, bodySize: size, unless: cancelled) {
                    NetworkResponseProcessing.process(result, pipeline: pipeline)
                }
            }
        } else {
            networking = service.networkingProvider.startRequest(request.urlRequest) {
                [weak self] response, data, error in
                NetworkRequest.handOver(to: self, bodySize: data?.count ?? 0, unless: cancelled) {
                    NetworkResponseProcessing.process(response: response, data: data, error: error, pipeline: pipeline)
                }
            }
        }
        startProgressReporting()
    }

    /// Runs `process` (the pipeline) and finishes `request` with its outcome on the main actor:
    /// for a body of at most ``inlineProcessingLimit`` bytes right here, on the thread that
    /// delivered the response, then with one hop to the main actor; for a larger one on a task of
    /// its own. Nothing runs once `cancelled` is set: a response that arrives after the cancel, or waits for a
    /// thread when it comes, is dropped unprocessed.
    private nonisolated static func handOver(
        to request: NetworkRequest?, bodySize: Int, unless cancelled: NIOLockedValueBox<Bool>,
        _ process: @escaping @Sendable () -> NetworkResponseProcessing.Outcome
    ) {
        guard !cancelled.withLockedValue({ $0 }) else { return }
        if bodySize <= inlineProcessingLimit {
            let outcome = process()
            Task { @MainActor [weak request] in
                request?.finish(outcome)
            }
        } else {
            Task.detached { [weak request] in
                guard !cancelled.withLockedValue({ $0 }) else { return }
                let outcome = process()
                await request?.finish(outcome)
            }
        }
    }

    private func finish(_ outcome: NetworkResponseProcessing.Outcome) {
        guard state == .inProgress else { return }
        ProgressTicker.shared.remove(self)
        let info: ResponseInfo
        switch outcome {
        case .notModified:
            if let existing = resource.latestData {
                info = ResponseInfo(response: .success(existing), isNew: false)
            } else {
                let cause = RequestError.Cause.NoLocalDataFor304()
                info = ResponseInfo(response: .failure(RequestError(cause: cause)))
            }
        case .processed(let response, let stageOutputs):
            cacheableOutputs = stageOutputs
            info = ResponseInfo(response: response)
        }
        SiestaLog.log(.network, "\(method.rawValue) \(underlyingRequest.url?.absoluteString ?? "?") → \(info.response)")
        complete(with: info)
    }

    override func cancelUnderlying() {
        cancelled.withLockedValue { $0 = true }
        ProgressTicker.shared.remove(self)
        networking?.cancel()
    }

    override func repeated() -> any Request {
        NetworkRequest(resource: resource, method: method, requestBuilder: requestBuilder)
    }

    // MARK: Progress

    private func startProgressReporting() {
        ProgressTicker.shared.add(self, interval: configuration.progressReportingInterval) { [weak self] in
            guard let self, self.state == .inProgress else { return false }
            self.callbacks.reportProgress(self.estimatedProgress())
            return true
        }
    }

    /// Upload and download fractions from real byte counts when known; a slow creep toward 0.9
    /// by elapsed time when the size of the response is unknown.
    private func estimatedProgress() -> Double {
        guard let metrics = networking?.transferMetrics else { return 0 }
        let upload: Double
        if let total = metrics.requestBytesTotal, total > 0 {
            upload = Double(metrics.requestBytesSent) / Double(total)
        } else {
            upload = 1
        }
        let hasBody = (metrics.requestBytesTotal ?? 0) > 0
        let uploadWeight = hasBody ? 0.5 : 0.05
        if let total = metrics.responseBytesTotal, total > 0 {
            let download = Double(metrics.responseBytesReceived) / Double(total)
            return uploadWeight * upload + (1 - uploadWeight) * min(1, download)
        }
        let elapsed = SiestaClock.now() - startTime
        let creep = 0.9 * (1 - exp(-elapsed / 3))
        return uploadWeight * upload * (hasBody ? 1 : creep) + (1 - uploadWeight) * creep
    }
}
