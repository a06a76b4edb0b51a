import Safety

extension CurlCommand {
    /// A curl command that sends the request, to paste into bash (or zsh).
    ///
    /// The method is written only when curl would not pick it by itself (`-X PUT`; `-I` for a
    /// HEAD without a body), then `-g` when the URL holds `[]{}` (so curl does not expand them),
    /// the URL, one `-H` per header in order (`-H 'Name;'` for an empty value), a
    /// `Content-Type` for a `json` or `text` body when the headers have none (curl would label
    /// the body a form), `--data-raw` with the body (never `@file`, and `@` in the body is sent as
    /// it is), and `--compressed` when an `Accept-Encoding` header is sent, so curl decodes the
    /// answer. A `multipart` body becomes one `-F` per part (``MultipartPart/spec``, so curl reads
    /// it back as the same part; a body whose parts do not read is written a line per `-F` as it
    /// is), a `file` body `--data-binary @path` with `Content-Type: application/octet-stream`
    /// unless the headers have one. Paths are written as they are: make them absolute first
    /// (``UploadPath``) for a command to run elsewhere. Every word that needs it is single-quoted (`'\''` for a quote); text with control
    /// characters other than tab and newline uses `$'…'`.
    ///
    /// Reading the command back with ``parse(_:)`` gives the same definition when the URL is
    /// absolute, header values do not start with blanks, and a body's kind matches its
    /// `Content-Type` (or the body is a form without one). curl adds headers of its own that the
    /// definition does not list (`Host`, `User-Agent: curl/…`, `Accept: */*`,
    /// `Content-Length`).
    ///
    /// - Parameters:
    ///   - masked: True to mask secret header values and query parameters with
    ///     `SecretMasker` (`Authorization: Bearer ••••••`), for logs and screens; such a command
    ///     no longer makes the same request. The body is not masked.
    ///   - multiline: True to put each option on a line of its own, ending the lines with ` \`.
    /// - Note: A body holding a NUL character cannot travel in a command line.
    public static func render(_ definition: RequestDefinition, masked: Bool, multiline: Bool = false) -> String {
        var first = ["curl"]
        var options: [String] = []
        let method = definition.method.uppercased()
        let bodyOptions = bodyOptions(of: definition)
        let sendsBody = !bodyOptions.isEmpty
        if method == "HEAD" && !sendsBody {
            first.append("-I")
        } else if method != (sendsBody ? "POST" : "GET") {
            first += ["-X", ShellQuoting.quoted(method)]
        }
        let url = masked ? SecretMasker.maskURL(definition.url) : definition.url
        if url.contains(where: { "[]{}".contains($0) }) { first.append("-g") }
        first.append(url.hasPrefix("-") ? "--url " + ShellQuoting.quoted(url) : ShellQuoting.quoted(url))

        for header in definition.headers {
            let value = masked ? SecretMasker.maskHeader(name: header.name, value: header.value) : header.value
            let line = value.isEmpty ? header.name + ";" : header.name + ": " + value
            options.append("-H " + ShellQuoting.quoted(line))
        }
        let names = Set(definition.headers.map { $0.name.lowercased() })
        if sendsBody, !names.contains("content-type"), let contentType = defaultContentType(definition.bodyKind) {
            options.append("-H " + ShellQuoting.quoted("Content-Type: " + contentType))
        }
        options += bodyOptions
        if names.contains("accept-encoding") { options.append("--compressed") }

        let head = first.joined(separator: " ")
        guard !options.isEmpty else { return head }
        return ([head] + options).joined(separator: multiline ? " \\\n  " : " ")
    }

    /// The options that carry the body: `--data-raw`, one `-F` per part, or `--data-binary @path`;
    /// none without a body (or for a multipart body without parts).
    private static func bodyOptions(of definition: RequestDefinition) -> [String] {
        guard let body = definition.body else { return [] }
        switch definition.bodyKind {
        case .multipart?:
            let specs =
                (try? MultipartPart.parts(inBody: body).map(\.spec))
                ?? body.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.allSatisfy(\.isWhitespace) }
            return specs.map { "-F " + ShellQuoting.quoted($0) }
        case .file?:
            return ["--data-binary " + ShellQuoting.quoted("@" + body)]
        default:
            return ["--data-raw " + ShellQuoting.quoted(body)]
        }
    }

    /// The `Content-Type` hammock sends for a body kind, when curl's own label differs (a form
    /// for data, none for a multipart body, which curl labels itself).
    private static func defaultContentType(_ kind: RequestBodyKind?) -> String? {
        switch kind {
        case .json?: return "application/json"
        case .text?: return "text/plain; charset=utf-8"
        case .file?: return "application/octet-stream"
        case .form?, .multipart?, nil: return nil
        }
    }
}
