import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HttpData {

    /// Any bytes with a media type (`application/octet-stream` by default), e.g. a prepared
    /// document or a plain-text body. The media type becomes the `Content-Type` unless the header
    /// sets one.
    public struct Raw: HttpBody, Sendable {

        /// The bytes to send.
        public let data: Data

        /// The media type of the bytes.
        public let mimeType: HttpMimeType

        /// Creates a body from bytes.
        public init(_ data: Data, mimeType: HttpMimeType = .octetStream) {
            self.data = data
            self.mimeType = mimeType
        }

        /// Creates a UTF-8 text body (`text/plain; charset=utf-8` by default).
        public init(text: String, mimeType: HttpMimeType = .plainText) {
            self.init(Data(text.utf8), mimeType: mimeType)
        }

        /// Writes the bytes and the content type.
        public func add(to request: inout URLRequest) throws {
            request.httpBody = data
            request.setContentTypeIfAbsent(mimeType)
        }

        /// `"<text/plain; charset=utf-8, 12 bytes>"`.
        public var description: String {
            "<\(mimeType), \(data.count) bytes>"
        }
    }
}
