/// One part of a `multipart/form-data` body, written the way curl's `-F` writes it: a text field
/// (`title=Holiday`), a file upload (`photo=@/tmp/a.png`), or a field whose value is read from a
/// file (`notes=<notes.txt`), each optionally followed by `;type=…` and `;filename=…`.
///
/// A request's multipart body is one part a line in this syntax (``parts(inBody:)``); curl import
/// reads `-F` and `--form-string` into parts, curl export writes each back as `-F` with
/// ``spec``, and saved requests keep the lines as they are. What is sent for a part is what curl
/// sends for it: ``sentFilename`` and ``sentContentType`` follow curl's rules.
///
/// ```swift
/// let part = try MultipartPart(spec: "photo=@/tmp/a b.png;type=image/png")
/// // name "photo", content .file(path: "/tmp/a b.png"), contentType "image/png"
/// part.sentFilename   // "a b.png"
/// part.spec           // "photo=@/tmp/a b.png;type=image/png"
/// ```
public struct MultipartPart: Sendable, Hashable {
    /// What a part sends.
    public enum Content: Sendable, Hashable {
        /// The text, as the field's value (`name=value`, or `--form-string name=value`).
        case text(String)
        /// The file at the path, uploaded with a file name (`name=@path`).
        case file(path: String)
        /// The file's bytes as the field's value, without a file name (`name=<path`).
        case fileContents(path: String)
    }

    /// The form field name: everything before the first `=`.
    public var name: String
    /// What the part sends.
    public var content: Content
    /// The media type given with `;type=` (parameters included, `text/plain; charset=utf-8`).
    public var contentType: String?
    /// The file name given with `;filename=`.
    public var filename: String?

    /// Creates a part.
    public init(name: String, content: Content, contentType: String? = nil, filename: String? = nil) {
        self.name = name
        self.content = content
        self.contentType = contentType
        self.filename = filename
    }

    /// The path of a file part or of a `<` part; nil for text.
    public var path: String? {
        switch content {
        case .text: return nil
        case .file(let path), .fileContents(let path): return path
        }
    }

    /// The file name sent in `Content-Disposition`: the one given with `;filename=`, else for a
    /// file upload the last component of its path; a `<` part has none.
    public var sentFilename: String? {
        switch content {
        case .text: return filename
        case .file(let path): return filename ?? Self.lastComponent(of: path)
        case .fileContents: return nil
        }
    }

    /// The `Content-Type` sent for the part, as curl chooses it: the one given with `;type=`;
    /// else for a file upload the one its file name, then its path, has by the extensions curl
    /// knows (``guessedContentType(forName:)``), or `application/octet-stream`; for a text field
    /// with a `;filename=`, the one of that name; none otherwise (a `<` part included).
    public var sentContentType: String? {
        if let contentType { return contentType }
        switch content {
        case .text:
            return filename.flatMap(Self.guessedContentType(forName:))
        case .file(let path):
            return sentFilename.flatMap(Self.guessedContentType(forName:)) ?? Self.guessedContentType(forName: path)
                ?? "application/octet-stream"
        case .fileContents:
            return nil
        }
    }

    /// The media type curl gives a file by its extension (case ignored): `.gif`, `.jpg`, `.jpeg`,
    /// `.png`, `.svg`, `.txt`, `.htm`, `.html`, `.pdf`, `.xml`; nil for any other.
    public static func guessedContentType(forName name: String) -> String? {
        let lower = name.lowercased()
        for (suffix, type) in knownExtensions where lower.hasSuffix(suffix) { return type }
        return nil
    }

    private static let knownExtensions = [
        (".gif", "image/gif"), (".jpg", "image/jpeg"), (".jpeg", "image/jpeg"), (".png", "image/png"),
        (".svg", "image/svg+xml"), (".txt", "text/plain"), (".htm", "text/html"), (".html", "text/html"),
        (".pdf", "application/pdf"), (".xml", "application/xml"),
    ]

    /// The text after the last `/` (or `\`) of a path.
    static func lastComponent(of path: String) -> String {
        guard let slash = path.unicodeScalars.lastIndex(where: { $0 == "/" || $0 == "\\" }) else { return path }
        return String(path.unicodeScalars[path.unicodeScalars.index(after: slash)...])
    }
}
