import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import NIOPosix

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one `URLRequest` with AsyncHTTPClient and collects the whole response, translating every
/// transport failure into a ``Squid/Error``.
enum HttpTransport {

    /// Sends `request` and returns the complete response (any status code).
    ///
    /// The whole exchange, connecting to the last body byte, is bounded by the request's
    /// `timeoutInterval`. Cancelling the calling task cancels the exchange and closes the
    /// connection.
    static func send(
        _ request: URLRequest,
        using client: HTTPClient,
        maximumBodySize: Int
    ) async throws(Squid.Error) -> HttpResponse {
        guard let url = request.url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false
        else {
            throw .invalidUrl(request.url?.absoluteString ?? "<none>")
        }
        let outgoing = makeClientRequest(from: request, url: url)
        let timeout = request.timeoutInterval > 0 ? request.timeoutInterval : 60
        let progress = Progress()
        do {
            return try await withThrowingTaskGroup(of: HttpResponse?.self) { group in
                group.addTask {
                    let response = try await client.execute(
                        outgoing,
                        deadline: .now() + .nanoseconds(Int64(timeout * 1_000_000_000))
                    )
                    progress.headReceived = true
                    let body = try await response.body.collect(upTo: maximumBodySize)
                    return HttpResponse(
                        statusCode: Int(response.status.code),
                        header: header(from: response.headers),
                        url: response.url ?? url,
                        body: Data(buffer: body)
                    )
                }
                group.addTask {
                    try await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
                    return nil
                }
                defer {
                    group.cancelAll()
                }
                guard let first = try await group.next(), let response = first else {
                    throw HTTPClientError.deadlineExceeded
                }
                return response
            }
        } catch {
            throw translate(error, url: url, headReceived: progress.headReceived, limit: maximumBodySize)
        }
    }

    private static func makeClientRequest(from request: URLRequest, url: URL) -> HTTPClientRequest {
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        let fields = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key.lowercased() < $1.key.lowercased() }
        for (name, value) in fields where name.lowercased() != "content-length" {
            outgoing.headers.add(name: name, value: value)
        }
        if let body = request.httpBody {
            outgoing.body = .bytes(ByteBuffer(data: body))
        }
        return outgoing
    }

    private static func header(from headers: HTTPHeaders) -> HttpHeader {
        var header = HttpHeader()
        for (name, value) in headers {
            let field = HttpHeader.Field(name)
            if let existing = header[field], field != "Set-Cookie" {
                header[field] = existing + ", " + value
            } else {
                header[field] = value
            }
        }
        return header
    }

    /// Maps a transport error to the library's error.
    static func translate(_ error: any Error, url: URL, headReceived: Bool, limit: Int) -> Squid.Error {
        if let error = error as? Squid.Error {
            return error
        }
        if error is CancellationError || Task.isCancelled {
            return .cancelled
        }
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .connectTimeout, .readTimeout, .writeTimeout, .tlsHandshakeTimeout,
                .getConnectionFromPoolTimeout:
                return .timeout(url: url)
            case .cancelled, .requestStreamCancelled:
                return .cancelled
            case .invalidURL, .emptyHost, .emptyScheme:
                return .invalidUrl(url.absoluteString)
            case .remoteConnectionClosed:
                return headReceived
                    ? .invalidResponse(url: url, reason: "the connection closed before the body was complete")
                    : .noConnection(url: url, reason: "the connection was closed by the server")
            default:
                if error.description.contains("unsupported scheme") {
                    return .invalidUrl(url.absoluteString)
                }
                return .invalidResponse(url: url, reason: error.description)
            }
        }
        if error is NIOTooManyBytesError {
            return .invalidResponse(url: url, reason: "the body is larger than \(limit) bytes")
        }
        if let error = error as? NIOConnectionError {
            if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil {
                return .unknownHost(url: url)
            }
            return .noConnection(url: url, reason: String(describing: error))
        }
        if let error = error as? ChannelError, case .connectTimeout = error {
            return .timeout(url: url)
        }
        if error is IOError || error is ChannelError {
            return .noConnection(url: url, reason: String(describing: error))
        }
        if error is HTTPParserError {
            return .invalidResponse(url: url, reason: String(describing: error))
        }
        return .unknown(error)
    }
}

/// Records, across the tasks of one exchange, whether the response head has arrived.
private final class Progress: Sendable {

    private let flag = NIOLockedValueBox(false)

    var headReceived: Bool {
        get { flag.withLockedValue { $0 } }
        set { flag.withLockedValue { $0 = newValue } }
    }
}
