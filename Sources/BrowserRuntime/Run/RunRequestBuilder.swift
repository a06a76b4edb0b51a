import Browser
import Foundation
import HTTPCore
import Workspace

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Makes a filled-in request into what the transport sends: the URL checked, headers in order,
/// the body as written (JSON, text and form bodies byte for byte; multipart parts and file
/// bodies streamed from disk, paths relative to the request file's folder), and a default
/// `Content-Type` from the body kind when the request has none.
enum RunRequestBuilder {
    /// The request to send and its text as sent (request line, headers, blank line, body start).
    struct Built {
        var request: URLRequest
        var text: String
    }

    /// The largest body start kept in the request's text.
    static let shownBodyBytes = 4096

    /// Builds `definition` (placeholders already filled). Throws a sentence when the URL is not
    /// an absolute http(s) URL, the method is empty, or a file cannot be read.
    static func build(_ definition: RequestDefinition, folder: String, timeout: Double) throws(RunFailure) -> Built {
        guard let url = URL(string: definition.url), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else {
            throw RunFailure(
                "“\(definition.url)” is not an absolute http or https URL"
                    + (definition.url.hasPrefix("/") ? " (write the whole URL, or use a variable: {{base}}/…)" : ""))
        }
        var request = URLRequest(url: url)
        request.httpMethod = definition.method
        request.timeoutInterval = timeout
        var headers = definition.headers.map { ($0.name, $0.value) }
        let hasContentType = headers.contains { $0.0.lowercased() == "content-type" }
        var bodyText: String?
        if let body = definition.body {
            switch definition.bodyKind {
            case .multipart?, .file?:
                let requestBody: RequestBody
                if definition.bodyKind == .file {
                    requestBody = .file(body.trimmingCharacters(in: .whitespacesAndNewlines))
                } else {
                    do {
                        requestBody = .multipart(try MultipartPart.parts(inBody: body))
                    } catch {
                        throw RunFailure("the multipart body cannot be read: \(error)")
                    }
                }
                let place = UploadBodyBuilder.Place(
                    home: ProcessInfo.processInfo.environment["HOME"], directory: folder)
                do {
                    if let (upload, contentType) = try UploadBodyBuilder.build(
                        requestBody, headers: headers, in: place)
                    {
                        if let contentType {
                            headers.removeAll { $0.0.lowercased() == "content-type" }
                            headers.append(("Content-Type", contentType))
                        }
                        request.httpBodyStream = HTTPUploadStream(upload)
                        bodyText = definition.bodyKind == .file ? "< \(body)" : body
                    }
                } catch {
                    throw RunFailure("\(error.description); nothing was sent")
                }
            default:
                request.httpBody = Data(body.utf8)
                bodyText = body
                if !hasContentType, let type = contentType(for: definition.bodyKind) {
                    headers.append(("Content-Type", type))
                }
            }
        }
        // Two lines of one name go out as two lines, as written.
        for (name, value) in headers { HTTPHeaderLines.add(value, named: name, to: &request) }
        var text = "\(definition.method) \(definition.url)\n"
        for (name, value) in headers { text += "\(name): \(value)\n" }
        if let bodyText {
            text += "\n" + clipped(bodyText)
        }
        return Built(request: request, text: text)
    }

    private static func contentType(for kind: RequestBodyKind?) -> String? {
        switch kind {
        case .json?: return "application/json"
        case .text?: return "text/plain; charset=utf-8"
        case .form?: return "application/x-www-form-urlencoded"
        default: return nil
        }
    }

    /// The first ``shownBodyBytes`` of `text`, with a note of what was left out.
    static func clipped(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.count > shownBodyBytes else { return text }
        let prefix = String(decoding: utf8.prefix(shownBodyBytes), as: UTF8.self)
        return prefix + "\n… (\(utf8.count - shownBodyBytes) more bytes)"
    }
}
