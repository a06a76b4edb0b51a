import Foundation

/// Collects curl options in the order they come and turns them into a request as curl would
/// send it: the method curl would pick, curl's own headers (`-u`, `-A`, `-e`, `-b`,
/// `--compressed`, `-r`, `--json`) in the order curl writes them unless a `-H` header of the
/// same name replaces them, then the `-H` headers in order, then the body.
struct CurlRequestBuilder {
    private var method: String?
    private var head = false
    private var get = false
    private var urls: [String] = []
    private var queryParts: [String] = []
    private var data: String?
    private var json = false
    private var headers: [HeaderField] = []
    private var removedHeaders: Set<String> = []
    private var user: String?
    private var bearer: String?
    private var userAgent: String?
    private var referer: String?
    private var cookies: [String] = []
    private var compressed = false
    private var range: String?
    private var defaultScheme = "http"
    private(set) var notes: [String] = []

    /// What `--compressed` asks for: the encodings hammock's transport decodes.
    static let compressedEncodings = "gzip, deflate"

    /// Options that would change the request in a way hammock cannot reproduce, and why.
    private static let unsupported: [String: String] = [
        "form": "sends a multipart form", "form-string": "sends a multipart form",
        "config": "reads options from a file", "time-cond": "makes the request depend on a date or file",
        "request-target": "changes the request target", "digest": "uses Digest authentication",
        "ntlm": "uses NTLM authentication", "ntlm-wb": "uses NTLM authentication",
        "negotiate": "uses Negotiate authentication", "anyauth": "picks an authentication method by itself",
        "aws-sigv4": "signs the request with AWS Signature V4", "netrc": "reads credentials from a .netrc file",
        "netrc-file": "reads credentials from a .netrc file",
        "netrc-optional": "reads credentials from a .netrc file", "etag-compare": "reads an ETag from a file",
        "unix-socket": "connects through a Unix socket", "abstract-unix-socket": "connects through a Unix socket",
        "next": "starts a second request", "variable": "sets curl variables", "help": "shows curl's help",
        "manual": "shows curl's manual", "version": "shows curl's version",
    ]

    /// Options read without effect on the request that still deserve a word.
    private static let noted: [String: String] = [
        "insecure": "-k/--insecure is left out: hammock checks TLS certificates as its own settings say.",
        "proxy": "The proxy is left out: hammock uses the proxy its own settings name.",
        "cert": "The client certificate is left out: hammock uses the one its own settings name.",
        "cacert": "The CA certificate file is left out: hammock trusts what its own settings say.",
    ]

    /// Adds a URL given as a word of its own or with `--url`.
    mutating func addURL(_ url: String) {
        urls.append(url)
    }

    /// Adds a note for the person who pasted the command.
    mutating func addNote(_ note: String) {
        if !notes.contains(note) { notes.append(note) }
    }

    /// Applies one option. `spelled` is the option as written (`-d`, `--data`), for messages;
    /// `negated` is true for `--no-…` forms of options without a value.
    mutating func apply(
        _ option: CurlOption, spelled: String, argument: String?, negated: Bool = false
    ) throws(CurlParseError) {
        let value = argument ?? ""
        switch option.long {
        case "request": method = value.isEmpty ? nil : value
        case "head": head = !negated
        case "get": get = !negated
        case "url": urls.append(value)
        case "header": try addHeader(value, spelled: spelled)
        case "data", "data-ascii", "data-binary":
            if value.hasPrefix("@") { throw .readsFile(spelled, value) }
            appendData(value, fromJSON: false)
        case "data-raw": appendData(value, fromJSON: false)
        case "data-urlencode": appendData(try CurlURLEncoding.dataValue(value, option: spelled), fromJSON: false)
        case "json":
            if value.hasPrefix("@") { throw .readsFile(spelled, value) }
            appendData(value, fromJSON: true)
            json = true
        case "url-query": queryParts.append(try CurlURLEncoding.queryValue(value, option: spelled))
        case "user": user = value
        case "oauth2-bearer": bearer = value
        case "cookie": try addCookie(value, spelled: spelled)
        case "user-agent": userAgent = value
        case "referer": referer = value.hasSuffix(";auto") ? String(value.dropLast(5)) : value
        case "compressed": compressed = !negated
        case "range": range = value
        case "proto-default": defaultScheme = value
        case "upload-file": throw .readsFile(spelled, value)
        default:
            if let reason = Self.unsupported[option.long] { throw .unsupported(spelled, reason) }
            if let note = Self.noted[option.long] { addNote(note) }
        }
    }

    private mutating func addHeader(_ text: String, spelled: String) throws(CurlParseError) {
        if text.hasPrefix("@") { throw .readsFile(spelled, text, pasteInstead: "the headers") }
        let blanks: Set<Character> = [" ", "\t"]
        if let colon = text.firstIndex(of: ":") {
            let name = text[..<colon].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw CurlParseError("The header “\(text)” has no name.") }
            let value = text[text.index(after: colon)...].drop { blanks.contains($0) }
            if value.isEmpty {
                removedHeaders.insert(name.lowercased())
                addNote("-H '\(name):' only stops curl from adding its own \(name) header, so it is left out.")
                return
            }
            headers.append(HeaderField(name: name, value: String(value)))
        } else if let semicolon = text.firstIndex(of: ";"),
            text[text.index(after: semicolon)...].allSatisfy({ blanks.contains($0) })
        {
            let name = text[..<semicolon].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw CurlParseError("The header “\(text)” has no name.") }
            headers.append(HeaderField(name: name, value: ""))
        } else {
            throw CurlParseError("The header “\(text)” has no colon; write it as “Name: value”.")
        }
    }

    private mutating func addCookie(_ value: String, spelled: String) throws(CurlParseError) {
        if value.contains("=") {
            cookies.append(value)
        } else if value.isEmpty {
            addNote("\(spelled) '' only turns on curl's cookie engine, so it is left out.")
        } else {
            throw CurlParseError(
                "\(spelled) \(value) names a cookie file, which hammock does not read; "
                    + "paste the cookies as name=value instead.")
        }
    }

    /// curl joins repeated data with `&`, except that `--json` data is appended as it is.
    private mutating func appendData(_ piece: String, fromJSON: Bool) {
        if let existing = data {
            data = fromJSON ? existing + piece : existing + "&" + piece
        } else {
            data = piece
        }
    }

    /// The request the options describe.
    func build() throws(CurlParseError) -> RequestDefinition {
        guard let first = urls.first else { throw .missingURL }
        guard urls.count == 1 else {
            throw CurlParseError(
                "The command has more than one URL (\(first) and \(urls[1])); paste one request at a time.")
        }
        if head, data != nil, !get {
            throw CurlParseError(
                "-I (a HEAD request) cannot send data; drop -I, or add -G to put the data in the URL.")
        }
        // Looked for in the scalars: a combining mark after "://" would hide it from Characters.
        var url =
            first.unicodeScalars.firstRange(of: "://".unicodeScalars) != nil ? first : defaultScheme + "://" + first
        for part in queryParts { url = Self.appendingQuery(part, to: url) }
        var body = data
        if get, let data {
            if !data.isEmpty { url = Self.appendingQuery(data, to: url) }
            body = nil
        }
        let chosenMethod = method?.uppercased() ?? (head ? "HEAD" : get ? "GET" : body != nil ? "POST" : "GET")
        let allHeaders = try requestHeaders()
        return RequestDefinition(
            method: chosenMethod, url: url, headers: allHeaders, body: body,
            bodyKind: body == nil ? nil : bodyKind(for: allHeaders))
    }

    private func requestHeaders() throws(CurlParseError) -> [HeaderField] {
        var generated: [HeaderField] = []
        if let bearer {
            generated.append(HeaderField(name: "Authorization", value: "Bearer " + bearer))
        } else if let user {
            guard user.contains(":") else {
                throw CurlParseError(
                    "-u \(user) has no password, so curl would ask for one; write it as user:password.")
            }
            generated.append(
                HeaderField(name: "Authorization", value: "Basic " + Data(user.utf8).base64EncodedString()))
        }
        if let range { generated.append(HeaderField(name: "Range", value: "bytes=" + range)) }
        if let userAgent, !userAgent.isEmpty { generated.append(HeaderField(name: "User-Agent", value: userAgent)) }
        if compressed { generated.append(HeaderField(name: "Accept-Encoding", value: Self.compressedEncodings)) }
        if let referer, !referer.isEmpty { generated.append(HeaderField(name: "Referer", value: referer)) }
        if !cookies.isEmpty { generated.append(HeaderField(name: "Cookie", value: cookies.joined(separator: ";"))) }
        let written = Set(headers.map { $0.name.lowercased() }).union(removedHeaders)
        var result = generated.filter { !written.contains($0.name.lowercased()) } + headers
        if json {
            for name in ["Content-Type", "Accept"] where !written.contains(name.lowercased()) {
                result.append(HeaderField(name: name, value: "application/json"))
            }
        }
        return result
    }

    private func bodyKind(for headers: [HeaderField]) -> RequestBodyKind? {
        guard let contentType = headers.first(where: { $0.name.lowercased() == "content-type" }) else {
            // curl labels data without a Content-Type of its own as a form.
            return removedHeaders.contains("content-type") ? nil : .form
        }
        return Self.bodyKind(forContentType: contentType.value)
    }

    /// `json` for any JSON media type (`application/json`, `application/problem+json`, …),
    /// `form` for `application/x-www-form-urlencoded`, `text` for anything else.
    static func bodyKind(forContentType value: String) -> RequestBodyKind {
        let mediaType = value.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let lower = mediaType.lowercased()
        if lower == "application/json" || lower.hasSuffix("+json") || lower.hasSuffix("/json") { return .json }
        if lower == "application/x-www-form-urlencoded" { return .form }
        return .text
    }

    /// `url` with `part` added to its query (before any `#fragment`).
    static func appendingQuery(_ part: String, to url: String) -> String {
        let fragmentStart = url.firstIndex(of: "#") ?? url.endIndex
        let base = url[..<fragmentStart]
        let separator = base.contains("?") ? "&" : "?"
        return base + separator + part + url[fragmentStart...]
    }
}
