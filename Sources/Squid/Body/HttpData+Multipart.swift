import Foundation
import HTTPCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HttpData {

    /// A `multipart/form-data` body with text fields and files, as an HTML form with file inputs
    /// sends it.
    ///
    /// Fields come first, in the given order, then the files. In names and file names, `"`
    /// becomes `%22` and line breaks become `%0D`/`%0A` (as browsers do), so they cannot break
    /// out of their header line. The boundary is random per body unless given; the body's bytes
    /// never contain it only with overwhelming probability, so pass your own if you need a fixed
    /// one for comparisons. Sets `Content-Type: multipart/form-data; boundary=…` unless the header
    /// sets a content type (then the boundary you sent must be this one).
    ///
    /// ```swift
    /// HttpData.Multipart(
    ///     fields: [("title", "Holiday")],
    ///     files: [.init(name: "photo", filename: "a.png", mimeType: .png, data: png)]
    /// )
    /// ```
    public struct Multipart: HttpBody, Sendable {

        /// A file part of a multipart body.
        public struct File: Sendable, Hashable {

            /// The form field name of the file input.
            public let name: String

            /// The file name reported to the server.
            public let filename: String

            /// The media type of the file's content.
            public let mimeType: HttpMimeType

            /// The file's content.
            public let data: Data

            /// Creates a file part.
            public init(name: String, filename: String, mimeType: HttpMimeType = .octetStream, data: Data) {
                self.name = name
                self.filename = filename
                self.mimeType = mimeType
                self.data = data
            }
        }

        /// The text fields as (name, value) pairs, in order; names may repeat.
        public let fields: [(name: String, value: String)]

        /// The files, sent after the fields.
        public let files: [File]

        /// The boundary string separating the parts.
        public let boundary: String

        /// Creates a multipart body. `boundary` defaults to a random string of the form
        /// `Boundary-<UUID>`.
        public init(fields: [(String, String)] = [], files: [File] = [], boundary: String? = nil) {
            self.fields = fields.map { (name: $0.0, value: $0.1) }
            self.files = files
            self.boundary = boundary ?? "Boundary-\(UUID().uuidString)"
        }

        /// The encoded multipart bytes.
        public var encoded: Data {
            let parts =
                fields.map { HTTPMultipartForm.Part(name: $0.name, content: .data(Data($0.value.utf8))) }
                + files.map { file in
                    HTTPMultipartForm.Part(
                        name: file.name, filename: file.filename, contentType: file.mimeType.rawValue,
                        content: .data(file.data))
                }
            return HTTPMultipartForm(parts: parts, boundary: boundary).encodedData
        }

        /// Writes the encoded parts and the content type with the boundary.
        public func add(to request: inout URLRequest) throws {
            guard !boundary.isEmpty, boundary.count <= 70, !boundary.contains(where: \.isNewline) else {
                throw Squid.Error.encodingFailed(message: "multipart boundary must be 1 to 70 characters on one line")
            }
            request.httpBody = encoded
            request.setContentTypeIfAbsent(HttpMimeType(rawValue: "multipart/form-data; boundary=\(boundary)"))
        }

        /// `"<multipart: 2 fields, 1 file>"`.
        public var description: String {
            "<multipart: \(fields.count) field\(fields.count == 1 ? "" : "s"), "
                + "\(files.count) file\(files.count == 1 ? "" : "s")>"
        }
    }
}
