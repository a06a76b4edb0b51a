import Foundation

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
        var retrier: (any Retrier)?
        var isFirstAttempt = true
        while true {
            do throws(Squid.Error) {
                let urlRequest = try await URLRequestBuilder(request: request, service: service).build()
                if isFirstAttempt, let answer = hook.onSchedule(request, urlRequest) {
                    return .success(Delivery(value: answer, httpResponse: nil))
                }
                isFirstAttempt = false
                let value = try await attempt(urlRequest)
                hook.onSuccess(request, urlRequest, result: value.value)
                return .success(value)
            } catch {
                isFirstAttempt = false
                if Task.isCancelled || error.isCancellation {
                    return .failure(.cancelled)
                }
                let current = retrier ?? service.retrierFactory.create(for: request)
                retrier = current
                if await current.retry(request, failingWith: error), !Task.isCancelled {
                    continue
                }
                if Task.isCancelled {
                    return .failure(.cancelled)
                }
                hook.onFailure(error)
                return .failure(error)
            }
        }
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
