import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HttpData {

    /// An image body: the encoded image bytes with their media type (`.png`, `.jpeg`, …), which
    /// becomes the `Content-Type` unless the header sets one. The bytes are sent as they are; they
    /// are not checked against the type.
    public struct Image: HttpBody, Sendable {

        /// The media type of the image.
        public let mimeType: HttpMimeType

        /// The encoded image.
        public let data: Data

        /// Creates an image body.
        public init(_ mimeType: HttpMimeType, data: Data) {
            self.mimeType = mimeType
            self.data = data
        }

        /// Writes the bytes and the content type.
        public func add(to request: inout URLRequest) throws {
            request.httpBody = data
            request.setContentTypeIfAbsent(mimeType)
        }

        /// `"<image/png, 1234 bytes>"`.
        public var description: String {
            "<\(mimeType), \(data.count) bytes>"
        }
    }
}
