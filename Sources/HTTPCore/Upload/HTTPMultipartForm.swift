import Foundation

/// A `multipart/form-data` body (RFC 7578) as an HTML form with file inputs, or curl's `-F`,
/// sends it: the one encoder of the package (Squid's `HttpData.Multipart` and hammock's forms
/// both use it).
///
/// Each part is written as
///
/// ```text
/// --<boundary>\r\n
/// Content-Disposition: form-data; name="<name>"; filename="<filename>"\r\n
/// Content-Type: <type>\r\n
/// \r\n
/// <content>\r\n
/// ```
///
/// (the `filename` and `Content-Type` only when the part has them), in the order given, and the
/// body ends with `--<boundary>--\r\n`. In names and file names, `"` becomes `%22` and line
/// breaks `%0D` / `%0A`, as browsers and curl write them, so they cannot break out of their
/// header line; line breaks are dropped from a content type.
///
/// File parts are not read here: ``uploadBody()`` measures them and describes the body as pieces
/// of header bytes and files, which the transport streams with a known `Content-Length`.
package struct HTTPMultipartForm: Sendable, Hashable {
    /// One part of the form.
    package struct Part: Sendable, Hashable {
        /// What a part sends.
        package enum Content: Sendable, Hashable {
            /// Bytes in memory (a text field's UTF-8, or a file's bytes already read).
            case data(Data)
            /// The whole file at the path, read while sending.
            case file(path: String)
        }

        /// The form field name.
        package var name: String
        /// The file name given to the server, if any (a field has none).
        package var filename: String?
        /// The part's `Content-Type`, if any.
        package var contentType: String?
        /// What the part sends.
        package var content: Content

        /// Creates a part.
        package init(name: String, filename: String? = nil, contentType: String? = nil, content: Content) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.content = content
        }
    }

    /// The parts, in the order they are sent.
    package var parts: [Part]
    /// The boundary between the parts.
    package var boundary: String

    /// Creates a form; without a boundary, a random one that the content is all but certain not to
    /// hold (``randomBoundary()``).
    package init(parts: [Part], boundary: String? = nil) {
        self.parts = parts
        self.boundary = boundary ?? Self.randomBoundary()
    }

    /// `multipart/form-data; boundary=<boundary>`.
    package var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// A boundary of 24 dashes and 24 random letters and digits, in curl's manner.
    package static func randomBoundary() -> String {
        let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyz")
        var generator = SystemRandomNumberGenerator()
        return String(repeating: "-", count: 24)
            + String((0..<24).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] })
    }

    /// The body with its file parts measured now, as pieces for the transport to stream.
    ///
    /// - Throws: ``HTTPUploadFailure`` naming the first file that does not exist, cannot be read
    ///   or is not a regular file.
    package func uploadBody() throws(HTTPUploadFailure) -> HTTPUploadBody {
        var segments: [HTTPUploadBody.Segment] = []
        for part in parts {
            segments.append(.bytes(head(of: part)))
            switch part.content {
            case .data(let data): segments.append(.bytes(data))
            case .file(let path): segments.append(.file(path: path, size: try HTTPUploadBody.measureFile(atPath: path)))
            }
            segments.append(.bytes(Data("\r\n".utf8)))
        }
        segments.append(.bytes(Data("--\(boundary)--\r\n".utf8)))
        return HTTPUploadBody(segments: segments)
    }

    /// The whole body in memory, for forms whose parts are all `data`; a `file` part is read here
    /// (an unreadable one sends no bytes). Use ``uploadBody()`` to stream files instead.
    package var encodedData: Data {
        var data = Data()
        for part in parts {
            data.append(head(of: part))
            switch part.content {
            case .data(let bytes): data.append(bytes)
            case .file(let path): data.append(FileManager.default.contents(atPath: path) ?? Data())
            }
            data.append(Data("\r\n".utf8))
        }
        data.append(Data("--\(boundary)--\r\n".utf8))
        return data
    }

    /// The boundary line and header lines of a part, up to the blank line.
    private func head(of part: Part) -> Data {
        var text = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.escaped(part.name))\""
        if let filename = part.filename { text += "; filename=\"\(Self.escaped(filename))\"" }
        text += "\r\n"
        if let type = part.contentType {
            text +=
                "Content-Type: \(type.replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\n", with: ""))\r\n"
        }
        return Data((text + "\r\n").utf8)
    }

    /// A name or file name as it goes between the quotes of `Content-Disposition`: `"` as `%22`,
    /// CR as `%0D`, LF as `%0A`.
    package static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}
