import Foundation
import Safety

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs one scheduled request to its end: builds each attempt, consults the hook, sends, checks
/// the status, decodes, and asks the retrier after failures.
///
/// The first attempt of a service without an `async` header is built and sent where the request
/// starts; otherwise attempts are prepared on a task, which awaits the header. An answer is
/// checked and a small body decoded where it arrives, so the outcome reaches whoever waits for it
/// without passing through another task. A large body is decoded on a task, and so is the
/// retrier asked.
struct RequestExecutor<RequestType: Request, Service: HttpService> {

    /// The outcome of a run.
    typealias Outcome = Result<Delivery<RequestType.Result>, Squid.Error>

    /// Where a run stands between attempts.
    struct Progress: @unchecked Sendable {
        /// The number that tags the run's log lines.
        let logID: Int
        /// The retrier, made at the first failure (retriers need not be `Sendable`; a run uses
        /// its retrier from one attempt at a time).
        var retrier: (any Retrier)?
        /// Whether the retrier answered that it may be asked again.
        var mayAskRetrier = true
        /// Whether the next attempt is the first (the only one the hook may answer).
        var isFirstAttempt = true
    }

    /// Bodies up to this size are decoded where they arrive; larger ones on a task.
    static var decodesInPlaceUpTo: Int { 64 * 1024 }

    let request: RequestType
    let service: Service

    /// Starts the run: `report` gets its outcome once, unless `cancellation` is used first (it
    /// then gets ``Squid/Error/cancelled`` or nothing).
    func start(_ cancellation: RequestCancellation, report: @escaping @Sendable (Outcome) -> Void) {
        var progress = Progress(logID: Squid.Logger.isEnabled ? Squid.Logger.nextIdentifier() : 0)
        guard HeaderBridge.isHeaderless(Service.self) else {
            cancellation.hold(
                Task {
                    await attempt(from: progress, cancellation, report)
                })
            return
        }
        // Nothing to await before the first attempt: it is built and sent from here. Anything
        // known at once (a hook's answer, a request that cannot be built) still arrives on a task.
        let urlRequest: URLRequest
        do throws(Squid.Error) {
            urlRequest = try URLRequestBuilder(request: request, service: service).buildHeaderless()
        } catch {
            progress.isFirstAttempt = false
            cancellation.hold(Task { [progress] in await retry(after: error, progress, cancellation, report) })
            return
        }
        if let answer = hookAnswer(to: urlRequest, progress) {
            cancellation.hold(Task { report(.success(answer)) })
            return
        }
        progress.isFirstAttempt = false
        send(urlRequest, progress, cancellation, report)
    }

    /// The service hook's answer to the first attempt, if it gives one (logged).
    private func hookAnswer(to urlRequest: URLRequest, _ progress: Progress) -> Delivery<RequestType.Result>? {
        guard let answer = service.hook.onSchedule(request, urlRequest) else { return nil }
        Squid.Logger.log("#\(progress.logID) \(RequestType.self) answered by the service's hook")
        return Delivery(value: answer, httpResponse: nil)
    }

    /// Sends an attempt; its answer goes to ``received``.
    private func send(
        _ urlRequest: URLRequest, _ progress: Progress, _ cancellation: RequestCancellation,
        _ report: @escaping @Sendable (Outcome) -> Void
    ) {
        Squid.Logger.log("#\(progress.logID) \(RequestType.self) sending \(Self.describe(urlRequest))")
        cancellation.hold(
            HttpExchange.start(urlRequest, configuration: service.sessionConfiguration) { result in
                received(result, for: urlRequest, progress, cancellation, report)
            })
    }

    /// Builds and sends attempts until one is on its way (its answer then goes to ``received``),
    /// the hook answers, or a failure ends the run.
    private func attempt(
        from progress: Progress, _ cancellation: RequestCancellation, _ report: @escaping @Sendable (Outcome) -> Void
    ) async {
        var progress = progress
        while true {
            do throws(Squid.Error) {
                let urlRequest = try await URLRequestBuilder(request: request, service: service).build()
                if progress.isFirstAttempt, let answer = hookAnswer(to: urlRequest, progress) {
                    report(.success(answer))
                    return
                }
                progress.isFirstAttempt = false
                guard !Task.isCancelled else {
                    throw .cancelled
                }
                send(urlRequest, progress, cancellation, report)
                return
            } catch {
                progress.isFirstAttempt = false
                guard let next = await failed(error, progress, cancellation, report) else {
                    return
                }
                progress = next
            }
        }
    }

    /// Takes the answer to an attempt, on whatever thread it arrives.
    private func received(
        _ result: Result<HttpResponse, Squid.Error>, for urlRequest: URLRequest, _ progress: Progress,
        _ cancellation: RequestCancellation, _ report: @escaping @Sendable (Outcome) -> Void
    ) {
        guard !cancellation.isCancelled else {
            report(.failure(.cancelled))
            return
        }
        if case .success(let response) = result, response.body.count <= Self.decodesInPlaceUpTo {
            switch accept(response) {
            case .success(let delivery):
                succeeded(delivery, for: urlRequest, progress, report)
                return
            case .failure(let error):
                cancellation.hold(
                    Task {
                        await retry(after: error, progress, cancellation, report)
                    })
                return
            }
        }
        cancellation.hold(
            Task {
                let outcome = result.flatMap { accept($0) }
                switch outcome {
                case .success(let delivery) where !Task.isCancelled:
                    succeeded(delivery, for: urlRequest, progress, report)
                case .success:
                    await retry(after: .cancelled, progress, cancellation, report)
                case .failure(let error):
                    await retry(after: error, progress, cancellation, report)
                }
            })
    }

    private func succeeded(
        _ delivery: Delivery<RequestType.Result>, for urlRequest: URLRequest, _ progress: Progress,
        _ report: @escaping @Sendable (Outcome) -> Void
    ) {
        if let response = delivery.httpResponse {
            Squid.Logger.log("#\(progress.logID) \(RequestType.self) received \(response)")
        }
        service.hook.onSuccess(request, urlRequest, result: delivery.value)
        report(.success(delivery))
    }

    /// Handles a failed attempt and, when the retrier says so, the attempts after it.
    private func retry(
        after error: Squid.Error, _ progress: Progress, _ cancellation: RequestCancellation,
        _ report: @escaping @Sendable (Outcome) -> Void
    ) async {
        if let next = await failed(error, progress, cancellation, report) {
            await attempt(from: next, cancellation, report)
        }
    }

    /// Reports the end of the run after `error`, or returns where it stands when the retrier asks
    /// for another attempt.
    private func failed(
        _ error: Squid.Error, _ progress: Progress, _ cancellation: RequestCancellation,
        _ report: @escaping @Sendable (Outcome) -> Void
    ) async -> Progress? {
        let logID = progress.logID
        if Task.isCancelled || cancellation.isCancelled || error.isCancellation {
            Squid.Logger.log("#\(logID) \(RequestType.self) cancelled")
            report(.failure(.cancelled))
            return nil
        }
        Squid.Logger.log("#\(logID) \(RequestType.self) failed: \(error)")
        var progress = progress
        if progress.mayAskRetrier {
            let current = progress.retrier ?? service.retrierFactory.create(for: request)
            progress.retrier = current
            let answer = await RetrierBridge.ask(current, request, error)
            progress.mayAskRetrier = answer.askAgain
            if answer.retry, !Task.isCancelled {
                return progress
            }
        }
        if Task.isCancelled {
            report(.failure(.cancelled))
            return nil
        }
        service.hook.onFailure(error)
        service.process(error)
        report(.failure(error))
        return nil
    }

    /// `METHOD url header` for the log; secret header values are masked.
    private static func describe(_ urlRequest: URLRequest) -> String {
        var header = HttpHeader()
        for (name, value) in (urlRequest.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            header[HttpHeader.Field(name)] = value
        }
        let url = urlRequest.url?.absoluteString ?? "<no URL>"
        return "\(urlRequest.httpMethod ?? "GET") \(UnsafeText.clean(url)) \(header)"
    }

    /// The delivery of an answer: its status checked and its body decoded.
    private func accept(_ response: HttpResponse) -> Result<Delivery<RequestType.Result>, Squid.Error> {
        guard request.acceptedStatusCodes.contains(response.statusCode) else {
            return .failure(.requestFailed(statusCode: response.statusCode, response: response))
        }
        do {
            return .success(Delivery(value: try request.decode(response.body), httpResponse: response))
        } catch let error as DecodingError {
            return .failure(.decodingFailed(error, url: response.url))
        } catch let error as Squid.Error {
            return .failure(error)
        } catch {
            let context = DecodingError.Context(
                codingPath: [],
                debugDescription: String(describing: error),
                underlyingError: error
            )
            return .failure(.decodingFailed(.dataCorrupted(context), url: response.url))
        }
    }
}

extension Squid.Error {

    /// Whether the error reports a cancellation.
    var isCancellation: Bool {
        if case .cancelled = self {
            return true
        }
        return false
    }
}
