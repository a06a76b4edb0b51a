import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

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
            let cause = RequestError.Cause.ConnectionClosed(networkError: HTTPClientError.remoteConnectionClosed)
            return .processed(
                .failure(RequestError(cause: cause)), stageOutputs: [:])
        }
        if response.statusCode == 304 {
            return .notModified
        }
        let headers = HTTPHeaderFields.dictionary(of: response)
        let body = data ?? Data()
        let raw: Response
        if (200..<300).contains(response.statusCode) {
            if body.isEmpty && (response.statusCode == 204 || response.statusCode == 205) {
                return .processed(.success(Entity<Any>(content: body, headers: headers)), stageOutputs: [:])
            }
            raw = .success(Entity<Any>(content: body, headers: headers))
        } else {
            raw = .failure(RequestError(response: response, content: body.isEmpty ? nil : body, cause: nil))
        }
        var outputs: [PipelineStageKey: Entity<Any>] = [:]
        var current = raw
        for (key, stage) in pipeline.orderedStages {
            current = stage.process(current)
            if stage.cache != nil, case .success(let entity) = current {
                outputs[key] = entity
            }
        }
        return .processed(current, stageOutputs: outputs)
    }

    /// Classifies a transport error into one of Siesta's causes with a clear message.
    static func requestError(forNetworkError error: any Error) -> RequestError {
        if let requestError = error as? RequestError {
            return requestError
        }
        if error is RequestError.Cause.InvalidRequestURL {
            return RequestError(userMessage: RequestError.describe(error), cause: error)
        }
        let cause: any Error
        switch classify(error) {
        case .timeout: cause = RequestError.Cause.TimedOut(networkError: error)
        case .connection: cause = RequestError.Cause.ConnectionFailed(networkError: error)
        case .closed: cause = RequestError.Cause.ConnectionClosed(networkError: error)
        case .cancelled: cause = RequestError.Cause.RequestCancelled(networkError: error)
        case .other:
            return RequestError(userMessage: "Network error: \(String(describing: error))", cause: error)
        }
        return RequestError(userMessage: RequestError.describe(cause), cause: cause)
    }

    private enum Kind { case timeout, connection, closed, cancelled, other }

    private static func classify(_ error: any Error) -> Kind {
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .readTimeout, .writeTimeout, .connectTimeout, .deadlineExceeded: return .timeout
            case .cancelled: return .cancelled
            case .remoteConnectionClosed, .bodyLengthMismatch: return .closed
            case .alreadyShutdown: return .connection
            default: break
            }
        }
        if error is NIOConnectionError || error is IOError {
            return .connection
        }
        if let channelError = error as? ChannelError {
            switch channelError {
            case .connectTimeout: return .timeout
            case .ioOnClosedChannel, .eof, .outputClosed, .inputClosed, .alreadyClosed: return .closed
            default: return .connection
            }
        }
        if error is HTTPParserError {
            return .closed
        }
        if let urlError = error as? URLError {
            switch urlError.code {
            case .timedOut: return .timeout
            case .cancelled: return .cancelled
            case .networkConnectionLost: return .closed
            case .cannotConnectToHost, .cannotFindHost, .notConnectedToInternet, .dnsLookupFailed: return .connection
            default: return .other
            }
        }
        if error is CancellationError {
            return .cancelled
        }
        return .other
    }
}
