import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HttpData {

    /// No body at all: `httpBody` stays `nil` and no `Content-Type` is set. The default body of
    /// every ``Request``, and the only body a GET or HEAD request may have.
    public struct Empty: HttpBody, Sendable {

        /// Creates the empty body.
        public init() {}

        /// Leaves the request without a body.
        public func add(to request: inout URLRequest) throws {
            request.httpBody = nil
        }

        /// `"<empty>"`.
        public var description: String {
            "<empty>"
        }
    }
}
