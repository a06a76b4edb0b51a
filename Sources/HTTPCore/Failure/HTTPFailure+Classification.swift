import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPFailure {
    /// Classifies any transport error. An ``HTTPFailure`` is returned as it is.
    package init(classifying error: any Error, headReceived: Bool = false) {
        if let failure = error as? HTTPFailure {
            self = failure
            return
        }
        self.init(kind: Self.kind(of: error), underlying: error, headReceived: headReceived)
    }

    private static func kind(of error: any Error) -> Kind {
        if let error = error as? HTTPClientError {
            return kind(of: error)
        }
        if let error = error as? NIOHTTPDecompression.DecompressionError {
            return error == .limit ? .decompressionLimit : .malformedResponse
        }
        if let error = error as? NIOTooManyBytesError {
            return .bodyTooLarge(limit: error.maxBytes ?? 0)
        }
        if let error = error as? NIOConnectionError {
            let noAddress = error.connectionErrors.isEmpty
            if noAddress && (error.dnsAError != nil || error.dnsAAAAError != nil) { return .unknownHost }
            return HTTPConnectionFailure.errnoCode(of: error).map(kind(ofErrno:)) ?? .cannotConnect
        }
        if let error = error as? ChannelError {
            switch error {
            case .connectTimeout: return .timedOut
            case .ioOnClosedChannel, .eof, .outputClosed, .inputClosed, .alreadyClosed: return .connectionClosed
            default: return .cannotConnect
            }
        }
        if let error = error as? IOError {
            return kind(ofErrno: error.errnoCode)
        }
        if error is HTTPParserError {
            return .malformedResponse
        }
        if let error = error as? URLError {
            return kind(of: error)
        }
        if error is CancellationError {
            return .cancelled
        }
        return .other
    }

    /// A socket error by its `errno`: a reset or a broken pipe closed a connection that was made;
    /// a timeout is one; anything else (refused, unreachable) means no connection.
    private static func kind(ofErrno code: Int32) -> Kind {
        switch code {
        case ECONNRESET, EPIPE: return .connectionClosed
        case ETIMEDOUT: return .timedOut
        default: return .cannotConnect
        }
    }

    private static func kind(of error: HTTPClientError) -> Kind {
        switch error {
        case .readTimeout, .writeTimeout, .connectTimeout, .deadlineExceeded, .tlsHandshakeTimeout,
            .getConnectionFromPoolTimeout:
            return .timedOut
        case .cancelled, .requestStreamCancelled:
            return .cancelled
        case .remoteConnectionClosed, .bodyLengthMismatch:
            return .connectionClosed
        case .alreadyShutdown:
            return .cannotConnect
        case .invalidURL, .emptyHost, .emptyScheme:
            return .invalidURL
        default:
            return error.description.contains("unsupported scheme") ? .invalidURL : .protocolViolation
        }
    }

    private static func kind(of error: URLError) -> Kind {
        switch error.code {
        case .timedOut: return .timedOut
        case .cancelled: return .cancelled
        case .networkConnectionLost: return .connectionClosed
        case .cannotFindHost, .dnsLookupFailed: return .unknownHost
        case .cannotConnectToHost, .notConnectedToInternet: return .cannotConnect
        case .badURL, .unsupportedURL: return .invalidURL
        default: return .other
        }
    }
}
