import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix

/// The underlying error of an ``HTTPFailure`` that happened between the client and the server
/// itself: the connection was refused, the host name did not resolve, nobody answered before
/// the connect timeout, the server reset the connection, or the network has no route there.
/// Without it every one of them would read "Could not connect to the server".
///
/// ``description`` is the sentence, naming the host (and port): `Could not connect to
/// 127.0.0.1:8080: the connection was refused (nothing listens on that port)`. ``summary`` says
/// the same in a few words for lists (`connection refused by 127.0.0.1:8080`).
package struct HTTPConnectionFailure: Error, CustomStringConvertible, Sendable {
    /// What went wrong on the way to the server.
    package enum Problem: Sendable, Equatable {
        /// The server's host refused the connection: nothing listens on the port (or a firewall
        /// rejects it).
        case refused
        /// The host name did not resolve to an address.
        case unknownHost
        /// No answer to the connection attempt within `seconds` (nil: the system's own limit).
        case connectTimedOut(seconds: TimeInterval?)
        /// The server reset the connection (a TCP RST); `afterHead` when a response had begun.
        case reset(afterHead: Bool)
        /// The network has no way to the host (`network is unreachable`, `no route to host`).
        case unreachable(String)
    }

    /// What went wrong.
    package var problem: Problem
    /// The host of the URL, without brackets.
    package var host: String
    /// The port of the URL (the scheme's default when it names none).
    package var port: Int
    /// The transport's own error, for diagnosis.
    package var underlying: any Error

    /// Creates the failure.
    package init(problem: Problem, host: String, port: Int, underlying: any Error) {
        self.problem = problem
        self.host = host
        self.port = port
        self.underlying = underlying
    }

    /// `host:port`, with brackets around an IPv6 address.
    package var address: String {
        host.contains(":" as Character) ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// One sentence naming the host and what failed.
    package var description: String {
        switch problem {
        case .refused:
            return "Could not connect to \(address): the connection was refused (nothing listens on that port)"
        case .unknownHost:
            return "Unknown host \(host): the name does not resolve (DNS lookup failed)"
        case .connectTimedOut(let seconds?):
            return
                "Timed out connecting to \(address): no answer within \(Self.format(seconds)) s (the connect timeout)"
        case .connectTimedOut(nil):
            return "Timed out connecting to \(address): no answer"
        case .reset(let afterHead):
            return "The server at \(address) reset the connection"
                + (afterHead ? " before the response was complete" : "")
        case .unreachable(let reason):
            return "Could not connect to \(address): \(reason)"
        }
    }

    /// A few words for lists and the response head: `connection refused by 127.0.0.1:8080`.
    package var summary: String {
        switch problem {
        case .refused: return "connection refused by \(address)"
        case .unknownHost: return "unknown host \(host)"
        case .connectTimedOut: return "timed out connecting to \(address)"
        case .reset: return "connection reset by \(address)"
        case .unreachable(let reason): return "\(address) unreachable: \(reason)"
        }
    }

    private static func format(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() && seconds < 1e9 ? String(Int(seconds)) : String(seconds)
    }

    /// `result` with a failure on the way to the server of `url` (reached directly, not through
    /// a proxy) restated as an ``HTTPConnectionFailure``; anything else unchanged.
    ///
    /// - Parameter connectTimeout: The client's connect timeout, named when it ran out.
    static func explain(
        _ result: Result<HTTPExchangeResponse, HTTPFailure>, url: URL, connectTimeout: TimeInterval
    ) -> Result<HTTPExchangeResponse, HTTPFailure> {
        guard case .failure(let failure) = result, let urlHost = url.host, !urlHost.isEmpty,
            let problem = problem(of: failure, connectTimeout: connectTimeout)
        else { return result }
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        var explained = failure
        explained.underlying = HTTPConnectionFailure(
            problem: problem, host: HTTPHost.unbracketed(urlHost), port: port, underlying: failure.underlying)
        return .failure(explained)
    }

    /// What `failure` says about the connection, or nil when it is about something else (or
    /// already explained: TLS, a proxy, a limit).
    private static func problem(of failure: HTTPFailure, connectTimeout: TimeInterval) -> Problem? {
        switch failure.kind {
        case .unknownHost:
            return .unknownHost
        case .cannotConnect, .connectionClosed:
            guard let code = errnoCode(of: failure.underlying) else { return nil }
            switch code {
            case ECONNREFUSED: return .refused
            case ECONNRESET: return .reset(afterHead: failure.headReceived)
            case ENETUNREACH, EHOSTUNREACH, ENETDOWN, EHOSTDOWN, EADDRNOTAVAIL:
                return .unreachable(String(cString: strerror(code)).lowercased())
            default: return nil
            }
        case .timedOut:
            if let error = failure.underlying as? HTTPClientError, error == .connectTimeout {
                return .connectTimedOut(seconds: connectTimeout)
            }
            if let error = failure.underlying as? ChannelError, case .connectTimeout = error {
                return .connectTimedOut(seconds: connectTimeout)
            }
            let systemTimeout = !failure.headReceived && errnoCode(of: failure.underlying) == ETIMEDOUT
            return systemTimeout ? .connectTimedOut(seconds: nil) : nil
        default:
            return nil
        }
    }

    /// The `errno` of a socket error, looking inside a failed connection attempt.
    static func errnoCode(of error: any Error) -> Int32? {
        if let error = error as? IOError { return error.errnoCode }
        if let error = error as? NIOConnectionError {
            return error.connectionErrors.lazy.compactMap { errnoCode(of: $0.error) }.first
        }
        return nil
    }
}
