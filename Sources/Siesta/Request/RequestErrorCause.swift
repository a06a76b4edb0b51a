import Foundation
import HTTPCore

extension RequestError {
    /// Underlying causes of request errors that Siesta itself detects. Each is an `Error` you can
    /// match on through ``RequestError/cause``:
    ///
    /// ```swift
    /// if error.cause is RequestError.Cause.RequestCancelled { … }
    /// ```
    public enum Cause {
        /// The resource's URL could not be parsed, so no request was sent.
        public struct InvalidRequestURL: Error, CustomUserMessage {
            /// The text the URL was built from, if known.
            public let urlSource: String?
            var userMessage: String { urlSource.map { "Invalid URL: \($0)" } ?? "Invalid URL" }

            /// Creates the cause.
            public init(urlSource: String?) {
                self.urlSource = urlSource
            }
        }

        /// A JSON request body was not a valid JSON object (e.g. it contained a value JSON
        /// cannot represent), so no request was sent.
        public struct InvalidJSONObject: Error, CustomUserMessage {
            var userMessage: String { "Cannot send request: the body is not a valid JSON object" }

            /// Creates the cause.
            public init() {}
        }

        /// The JSON encoder failed on a request body.
        public struct UnencodableJSON: Error, CustomUserMessage {
            /// The encoder's error.
            public let encodingError: any Error
            var userMessage: String { "Cannot send request: the body cannot be encoded as JSON" }

            /// Creates the cause.
            public init(encodingError: any Error) {
                self.encodingError = encodingError
            }
        }

        /// A text request body cannot be represented in the requested encoding.
        public struct UnencodableText: Error, CustomUserMessage {
            /// The encoding that could not hold the text.
            public let encoding: String.Encoding
            /// The text that failed to encode.
            public let text: String
            var userMessage: String { "Cannot send request: the text cannot be encoded as \(encoding)" }

            /// Creates the cause.
            public init(encoding: String.Encoding, text: String) {
                self.encoding = encoding
                self.text = text
            }
        }

        /// A URL-encoded body contained a string that could not be escaped.
        public struct NotURLEncodable: Error, CustomUserMessage {
            /// The string that could not be escaped.
            public let offendingString: String
            var userMessage: String { "Cannot send request: “\(offendingString)” cannot be URL-encoded" }

            /// Creates the cause.
            public init(offendingString: String) {
                self.offendingString = offendingString
            }
        }

        /// The request was cancelled before it completed.
        public struct RequestCancelled: Error, CustomUserMessage {
            /// The network layer's own error for the cancellation, if it reported one.
            public let networkError: (any Error)?
            var userMessage: String { "Request cancelled" }

            /// Creates the cause.
            public init(networkError: (any Error)?) {
                self.networkError = networkError
            }
        }

        /// The server answered 304 Not Modified, but there was no local data to keep.
        public struct NoLocalDataFor304: Error, CustomUserMessage {
            var userMessage: String { "The server answered “not modified”, but there is no local data" }

            /// Creates the cause.
            public init() {}
        }

        /// The response declared a character set this platform does not know.
        public struct InvalidTextEncoding: Error, CustomUserMessage {
            /// The charset name the server sent.
            public let encodingName: String
            var userMessage: String { "Unknown text encoding “\(encodingName)” in the response" }

            /// Creates the cause.
            public init(encodingName: String) {
                self.encodingName = encodingName
            }
        }

        /// The response body is not valid text in its declared encoding (or, without one, the
        /// default encoding).
        public struct UndecodableText: Error, CustomUserMessage {
            /// The name of the charset the body was read as, e.g. `"utf-8"` or `"euc-jp"`.
            public let encodingName: String
            /// The Foundation encoding of that charset, when Foundation has one.
            public let encoding: String.Encoding?
            var userMessage: String { "The response is not valid \(encodingName.uppercased()) text" }

            /// Creates the cause for a charset name.
            public init(encodingName: String) {
                self.encodingName = encodingName
                self.encoding = TextEncodingName.encoding(named: encodingName)
            }

            /// Creates the cause for a Foundation encoding.
            public init(encoding: String.Encoding) {
                self.encodingName = TextEncodingName.name(of: encoding) ?? "\(encoding)"
                self.encoding = encoding
            }
        }

        /// The response body under a JSON content type was empty.
        public struct EmptyJSONBody: Error, CustomUserMessage {
            var userMessage: String { "The response body is empty, but JSON was expected" }

            /// Creates the cause.
            public init() {}
        }

        /// The JSON response was a bare value (string, number, boolean, null), not an object or
        /// an array.
        public struct JSONResponseIsNotDictionaryOrArray: Error, CustomUserMessage {
            /// The JSON type that arrived, e.g. `"number"`.
            public let actualType: String
            var userMessage: String { "The response is a JSON \(actualType), not an object or an array" }

            /// Creates the cause.
            public init(actualType: String) {
                self.actualType = actualType
            }
        }

        /// A transformer received content of a type it does not accept.
        public struct WrongInputTypeInTranformerPipeline: Error, CustomUserMessage {
            /// The type the transformer expected.
            public let expectedType: String
            /// The type it received.
            public let actualType: String
            var userMessage: String { "Cannot process response: expected \(expectedType), got \(actualType)" }

            /// Creates the cause.
            public init(expectedType: String, actualType: String) {
                self.expectedType = expectedType
                self.actualType = actualType
            }
        }

        /// A content transformer returned `nil`.
        public struct TransformerReturnedNil: Error, CustomUserMessage {
            var userMessage: String { "Cannot process response: the transformer produced no result" }

            /// Creates the cause.
            public init() {}
        }

        /// The server could not be reached: connection refused, unknown host, or no route.
        ///
        /// Its message says which, naming the server: “Could not connect to 127.0.0.1:8080: the
        /// connection was refused (nothing listens on that port)”, “Unknown host api.example.org:
        /// the name does not resolve (DNS lookup failed)”; “Could not connect to the server” when
        /// the transport does not tell.
        public struct ConnectionFailed: Error, CustomUserMessage {
            /// The transport's error.
            public let networkError: any Error
            var userMessage: String {
                (networkError as? HTTPConnectionFailure).map(String.init(describing:))
                    ?? "Could not connect to the server"
            }

            /// Creates the cause.
            public init(networkError: any Error) {
                self.networkError = networkError
            }
        }

        /// The request took longer than its timeout.
        public struct TimedOut: Error, CustomUserMessage {
            /// The transport's error.
            public let networkError: any Error
            /// "The request timed out", followed by which timeout ran out and how to raise it
            /// when the transport says so; “Timed out connecting to 10.0.0.7:443: …” when no
            /// connection could be made in time.
            var userMessage: String {
                if let limit = networkError as? HTTPLimitFailure { return String(describing: limit) }
                if let connection = networkError as? HTTPConnectionFailure { return String(describing: connection) }
                return "The request timed out"
            }

            /// Creates the cause.
            public init(networkError: any Error) {
                self.networkError = networkError
            }
        }

        /// The connection closed before the whole response arrived; when the server reset it,
        /// the message says so (“The server at 127.0.0.1:8080 reset the connection”).
        public struct ConnectionClosed: Error, CustomUserMessage {
            /// The transport's error.
            public let networkError: any Error
            var userMessage: String {
                (networkError as? HTTPConnectionFailure).map(String.init(describing:))
                    ?? "The server closed the connection before the response was complete"
            }

            /// Creates the cause.
            public init(networkError: any Error) {
                self.networkError = networkError
            }
        }
    }
}
