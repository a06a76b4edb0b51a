import Foundation
import HTTPCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Squid's adapter over the package's HTTP core: sends one `URLRequest` on the shared transport
/// for the service's ``SessionConfiguration`` and turns the outcome into an ``HttpResponse`` or a
/// ``Squid/Error``.
enum HttpExchange {

    /// Sends `request`; `completion` gets the complete response (any status code) or the
    /// failure, exactly once, on any thread (before this returns when nothing could be started).
    ///
    /// The whole exchange, connecting to the last body byte, is bounded by the request's
    /// `timeoutInterval`. Cancelling the returned transfer closes the connection and completes
    /// with ``Squid/Error/cancelled``.
    static func start(
        _ request: URLRequest, configuration: SessionConfiguration,
        completion: @escaping @Sendable (Result<HttpResponse, Squid.Error>) -> Void
    ) -> HTTPTransfer {
        let transport = HTTPClientPool.shared.transport(for: configuration.clientSettings)
        let url = request.url ?? URL(fileURLWithPath: "/")
        var request = request
        if request.timeoutInterval <= 0 {
            request.timeoutInterval = SessionConfiguration.default.timeout
        }
        return transport.start(request, maximumBodySize: configuration.maximumBodySize) { result in
            switch result {
            case .success(let response):
                var header = HttpHeader()
                for (name, value) in response.headers {
                    header.appendReceived(HttpHeader.Field(name), value)
                }
                completion(
                    .success(
                        HttpResponse(
                            statusCode: response.statusCode, header: header, url: response.url, body: response.body)))
            case .failure(let failure):
                completion(.failure(Squid.Error(failure, url: url)))
            }
        }
    }
}

extension SessionConfiguration {
    /// The HTTP core's settings for this configuration. No read timeout: every request is bounded
    /// as a whole by its own timeout, which may be longer than any idle limit would be.
    var clientSettings: HTTPClientSettings {
        HTTPClientSettings(connectTimeout: connectTimeout, readTimeout: nil, maximumRedirects: maximumRedirects)
    }
}

extension Squid.Error {
    /// The library's error for a failure of the HTTP core on `url`.
    init(_ failure: HTTPFailure, url: URL) {
        switch failure.kind {
        case .timedOut:
            self = .timeout(url: url)
        case .cancelled:
            self = .cancelled
        case .invalidURL:
            self = .invalidUrl(url.absoluteString)
        case .unknownHost:
            self = .unknownHost(url: url)
        case .cannotConnect:
            let connection = failure.underlying as? HTTPConnectionFailure
            self = .noConnection(url: url, reason: connection?.summary ?? failure.reason)
        case .connectionClosed:
            self =
                failure.headReceived
                ? .invalidResponse(url: url, reason: "the connection closed before the body was complete")
                : .noConnection(
                    url: url,
                    reason: (failure.underlying as? HTTPConnectionFailure)?.summary
                        ?? "the connection was closed by the server")
        case .bodyTooLarge, .decompressionLimit:
            let sentence = String(describing: failure.underlying)
            self = .invalidResponse(url: url, reason: sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence)
        case .tls:
            let sentence = String(describing: failure.underlying)
            self = .noConnection(url: url, reason: sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence)
        case .malformedResponse, .protocolViolation:
            self = .invalidResponse(url: url, reason: failure.reason)
        case .other:
            self = .unknown(failure.underlying)
        }
    }
}
