import Foundation
import Safety

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs one scheduled request to its end: builds each attempt, consults the hook, sends, checks
/// the status, decodes, and asks the retrier after failures.
struct RequestExecutor<RequestType: Request, Service: HttpService> {

    let request: RequestType
    let service: Service

    /// Runs attempts until one succeeds, the retrier gives up, or the task is cancelled.
    func run() async -> Result<Delivery<RequestType.Result>, Squid.Error> {
        let hook = service.hook
        let logID = Squid.Logger.isEnabled ? Squid.Logger.nextIdentifier() : 0
        var retrier: (any Retrier)?
        var mayAskRetrier = true
        var isFirstAttempt = true
        while true {
            do throws(Squid.Error) {
                let urlRequest = try await URLRequestBuilder(request: request, service: service).build()
                if isFirstAttempt, let answer = hook.onSchedule(request, urlRequest) {
                    Squid.Logger.log("#\(logID) \(RequestType.self) answered by the service's hook")
                    return .success(Delivery(value: answer, httpResponse: nil))
                }
                isFirstAttempt = false
                Squid.Logger.log("#\(logID) \(RequestType.self) sending \(Self.describe(urlRequest))")
                let value = try await attempt(urlRequest)
                if let response = value.httpResponse {
                    Squid.Logger.log("#\(logID) \(RequestType.self) received \(response)")
                }
                hook.onSuccess(request, urlRequest, result: value.value)
                return .success(value)
            } catch {
                isFirstAttempt = false
                if Task.isCancelled || error.isCancellation {
                    Squid.Logger.log("#\(logID) \(RequestType.self) cancelled")
                    return .failure(.cancelled)
                }
                Squid.Logger.log("#\(logID) \(RequestType.self) failed: \(error)")
                if mayAskRetrier {
                    let current = retrier ?? service.retrierFactory.create(for: request)
                    retrier = current
                    let answer = await RetrierBridge.ask(current, request, error)
                    mayAskRetrier = answer.askAgain
                    if answer.retry, !Task.isCancelled {
                        continue
                    }
                }
                if Task.isCancelled {
                    return .failure(.cancelled)
                }
                hook.onFailure(error)
                service.process(error)
                return .failure(error)
            }
        }
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

    private func attempt(_ urlRequest: URLRequest) async throws(Squid.Error) -> Delivery<RequestType.Result> {
        let response = try await HttpExchange.send(urlRequest, configuration: service.sessionConfiguration)
        guard request.acceptedStatusCodes.contains(response.statusCode) else {
            throw .requestFailed(statusCode: response.statusCode, response: response)
        }
        do {
            return Delivery(value: try request.decode(response.body), httpResponse: response)
        } catch let error as DecodingError {
            throw .decodingFailed(error, url: response.url)
        } catch let error as Squid.Error {
            throw error
        } catch {
            let context = DecodingError.Context(
                codingPath: [],
                debugDescription: String(describing: error),
                underlyingError: error
            )
            throw .decodingFailed(.dataCorrupted(context), url: response.url)
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
