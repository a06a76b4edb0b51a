import Foundation
import HTTPCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns what the transport delivered into a ``Response``, off the main actor: classifies
/// status codes and network errors, then runs the pipeline.
enum NetworkResponseProcessing {
    enum Outcome: Sendable {
        case notModified
        case processed(Response, stageOutputs: [PipelineStageKey: Entity<Any>])
    }

    static func process(response: HTTPURLResponse?, data: Data?, error: (any Error)?, pipeline: Pipeline) -> Outcome {
        if let error {
            return .processed(.failure(requestError(forNetworkError: error)), stageOutputs: [:])
        }
        guard let response else {
            let cause = RequestError.Cause.ConnectionClosed(networkError: ResponseMissing())
            return .processed(
                .failure(RequestError(cause: cause)), stageOutputs: [:])
        }
        let received = ReceivedResponse(
            statusCode: response.statusCode, headers: HTTPHeaderFields.dictionary(of: response), body: data ?? Data())
        return process(.success(received), pipeline: pipeline)
    }

    static func process(_ result: Result<ReceivedResponse, any Error>, pipeline: Pipeline) -> Outcome {
        let response: ReceivedResponse
        switch result {
        case .failure(let error):
            return .processed(.failure(requestError(forNetworkError: error)), stageOutputs: [:])
        case .success(let received):
            response = received
        }
        if response.statusCode == 304 {
            return .notModified
        }
        let headers = response.headers
        let body = response.body
        let raw: Response
        if (200..<300).contains(response.statusCode) {
            if body.isEmpty && (response.statusCode == 204 || response.statusCode == 205) {
                return .processed(.success(Entity<Any>(content: body, headers: headers)), stageOutputs: [:])
            }
            raw = .success(Entity<Any>(content: body, headers: headers))
        } else {
            raw = .failure(
                RequestError(
                    statusCode: response.statusCode, headers: headers, content: body.isEmpty ? nil : body, cause: nil))
        }
        var outputs: [PipelineStageKey: Entity<Any>] = [:]
        var current = raw
        for key in pipeline.order {
            let stage = pipeline[key]
            current = stage.process(current)
            if stage.cache != nil, case .success(let entity) = current {
                outputs[key] = entity
            }
        }
        return .processed(current, stageOutputs: outputs)
    }

    /// Classifies a transport error into one of Siesta's causes with a clear message; the
    /// classification itself is the HTTP core's, shared with every transport.
    static func requestError(forNetworkError error: any Error) -> RequestError {
        if let requestError = error as? RequestError {
            return requestError
        }
        if error is RequestError.Cause.InvalidRequestURL {
            return RequestError(userMessage: RequestError.describe(error), cause: error)
        }
        let failure = HTTPFailure(classifying: error)
        let networkError = failure.underlying
        // A failure at the proxy says so in its message; its cause stays the usual one.
        let proxyMessage = (networkError as? HTTPProxyFailure).map { String(describing: $0) }
        if networkError is HTTPLimitFailure && failure.kind != .timedOut || networkError is HTTPRedirectFailure
            || networkError is HTTPUploadFailure
        {
            // The sentence names the limit, what was seen and how to raise it, or the file of the
            // body that could not be sent.
            return RequestError(userMessage: String(describing: networkError), cause: networkError)
        }
        let cause: any Error
        switch failure.kind {
        case .timedOut: cause = RequestError.Cause.TimedOut(networkError: networkError)
        case .cannotConnect, .unknownHost: cause = RequestError.Cause.ConnectionFailed(networkError: networkError)
        case .connectionClosed, .malformedResponse:
            cause = RequestError.Cause.ConnectionClosed(networkError: networkError)
        case .cancelled: cause = RequestError.Cause.RequestCancelled(networkError: networkError)
        case .invalidURL:
            let source = (networkError as? HTTPInvalidURL)?.url
            return RequestError(
                userMessage: "Invalid URL: \(String(describing: networkError))",
                cause: RequestError.Cause.InvalidRequestURL(urlSource: source))
        case .tls, .bodyTooLarge, .decompressionLimit:
            // The sentence names what failed: the certificate, or the limit.
            return RequestError(userMessage: String(describing: networkError), cause: networkError)
        case .protocolViolation, .other:
            return RequestError(
                userMessage: proxyMessage ?? "Network error: \(String(describing: networkError))", cause: networkError)
        }
        return RequestError(userMessage: proxyMessage ?? RequestError.describe(cause), cause: cause)
    }

    /// The transport reported neither a response nor an error.
    struct ResponseMissing: Error, CustomStringConvertible {
        var description: String { "the transport delivered no response" }
    }
}
