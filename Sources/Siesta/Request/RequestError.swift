import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Information about a failed resource request: an HTTP error status, a network failure, a body
/// that could not be parsed, a cancellation, or an invalid request caught before sending.
///
/// ``userMessage`` is always a sentence fit to show a person (never empty). The other
/// properties let code react precisely: ``httpStatusCode`` for server errors, ``entity`` for a
/// parsed error body (the standard pipeline parses JSON and text error bodies too), and
/// ``cause`` for the underlying error, often one of the ``Cause`` types.
public struct RequestError: Error {
    /// A description of the problem suitable for showing to a person, e.g. “Not found”,
    /// “Could not connect to the server”. Never empty.
    public var userMessage: String

    /// The HTTP status code (≥ 400) when the server answered with an error; `nil` otherwise.
    public var httpStatusCode: Int?

    /// The response body that came with the error, after the pipeline parsed it, if any.
    public var entity: Entity<Any>?

    /// The underlying error, if there is one: a network error, a parse error, or a ``Cause``.
    public var cause: (any Error)?

    /// When the error occurred (seconds since the reference date).
    public var timestamp: TimeInterval = SiestaClock.now()

    /// Creates an error from an HTTP response and its body.
    ///
    /// The message is, in order of preference: `userMessage`, the status text of an error status
    /// with one capital letter (“Internal server error”), the cause's description, or
    /// “Request failed”.
    ///
    /// - Parameters:
    ///   - response: The HTTP response, if one arrived.
    ///   - content: The raw body, if any; it becomes ``entity`` together with the headers.
    ///   - cause: The underlying error, if any.
    ///   - userMessage: Overrides the generated message.
    public init(
        response: HTTPURLResponse?,
        content: Any?,
        cause: (any Error)?,
        userMessage: String? = nil
    ) {
        self.init(
            statusCode: response?.statusCode, headers: response.map(HTTPHeaderFields.dictionary(of:)) ?? [:],
            content: content, cause: cause, userMessage: userMessage)
    }

    /// The error for a response given by its status code and lower-cased headers.
    init(
        statusCode: Int?,
        headers: [String: String],
        content: Any?,
        cause: (any Error)?,
        userMessage: String? = nil
    ) {
        self.httpStatusCode = (statusCode ?? 0) >= 400 ? statusCode : nil
        self.cause = cause
        if let content {
            self.entity = Entity<Any>(content: content, headers: headers)
        }
        if let userMessage, !userMessage.isEmpty {
            self.userMessage = userMessage
        } else if let code = httpStatusCode {
            self.userMessage = HTTPStatusText.sentence(for: code)
        } else if let cause {
            self.userMessage = RequestError.describe(cause)
        } else {
            self.userMessage = "Request failed"
        }
    }

    /// Creates an error with an explicit message and cause, e.g. for validation before a request
    /// is sent.
    ///
    /// - Parameters:
    ///   - userMessage: The sentence to show; an empty string becomes “Request failed”.
    ///   - cause: The underlying error.
    ///   - entity: A body to attach, if any.
    public init(userMessage: String, cause: any Error, entity: Entity<Any>? = nil) {
        self.userMessage = userMessage.isEmpty ? "Request failed" : userMessage
        self.cause = cause
        self.entity = entity
    }

    /// An error whose message is the cause's own sentence.
    init(cause: some Error & CustomUserMessage, entity: Entity<Any>? = nil) {
        self.init(userMessage: cause.userMessage, cause: cause, entity: entity)
    }

    /// A sentence for any error: its `LocalizedError` description when it has one, else a
    /// description of its type.
    static func describe(_ error: any Error) -> String {
        if let requestError = error as? RequestError {
            return requestError.userMessage
        }
        if let described = error as? any CustomUserMessage {
            return described.userMessage
        }
        if let localized = (error as? any LocalizedError)?.errorDescription, !localized.isEmpty {
            return localized
        }
        let text = String(describing: error)
        return text.isEmpty ? "Request failed" : text
    }
}

extension RequestError: CustomStringConvertible {
    /// The user message, with the status code and cause when present.
    public var description: String {
        var parts = [userMessage]
        if let httpStatusCode { parts.append("HTTP \(httpStatusCode)") }
        if let cause, !(cause is RequestError) { parts.append("cause: \(String(describing: cause))") }
        return parts.joined(separator: " · ")
    }
}

/// An error type that supplies its own sentence for ``RequestError/userMessage``.
protocol CustomUserMessage {
    /// A sentence describing the error to a person.
    var userMessage: String { get }
}

extension RequestError: TypedContentAccessors {
    /// An error's typed accessors read the body that came with it, so `error.jsonDict["message"]`
    /// or `error.text` reach a parsed error body; empty values when there is none.
    public var entityForTypedContentAccessors: Entity<Any>? { entity }
}
