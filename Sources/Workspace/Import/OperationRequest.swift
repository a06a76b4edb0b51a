import Foundation
import OrderedJSON

/// A request made from an operation of an API description: what the browser's form starts
/// with and what an imported collection's file holds.
///
/// The URL is the base URL (the first server, or `{{base}}` in a collection) joined with the
/// path template, each path parameter filled with its example (or first allowed value, or one
/// made from its schema), else left as a `{{name}}` variable; required query parameters are
/// added the same way, and required headers. The body is the description's example, or one made
/// from the schema (see ``SchemaExample``), with a `Content-Type` of its media type (JSON
/// preferred).
public struct OperationRequest: Sendable {
    /// The request.
    public var definition: RequestDefinition
    /// True when the operation takes no parameter that must be given (nothing to ask for).
    public var needsNothing: Bool
    /// The body's schema, pretty-printed (its `$ref` followed), when the operation takes a body
    /// with one.
    public var bodySchemaText: String?
    /// What the description says of the parameters and body, a line each.
    public var guide: [String]
    /// The operation, for the status line (`createUser · POST /users: a form filled from the
    /// description`).
    public var statusLine: String

    /// The request for `operation` of `description`, under `baseURL` (`https://api.example.com/v1`,
    /// or `{{base}}`).
    public init(operation: APIOperation, in description: APIDescription, baseURL: String) {
        var path = operation.path
        var query: [String] = []
        var headers: [HeaderField] = []
        var guide: [String] = []
        var formFields: [(name: String, value: String)] = []
        for parameter in operation.parameters {
            // A value the description gives (an example, a default, an allowed value); a path or
            // query value it does not give stays a `{{variable}}` to fill in rather than a made-up
            // one that names nothing on the server.
            let given = parameter.example != nil || !parameter.enumValues.isEmpty
            let value =
                given || parameter.location == .header || parameter.location == .formData
                ? SchemaExample.value(for: parameter, in: description) : nil
            guide.append(Self.guideLine(parameter, value: value))
            switch parameter.location {
            case .path:
                let text = value.map(Self.pathEscaped) ?? "{{\(parameter.name)}}"
                path = path.replacingOccurrences(of: "{\(parameter.name)}", with: text)
            case .query where parameter.isRequired:
                query.append(
                    Self.queryEscaped(parameter.name) + "=" + (value.map(Self.queryEscaped) ?? "{{\(parameter.name)}}"))
            case .header where parameter.isRequired:
                headers.append(HeaderField(name: parameter.name, value: value ?? "{{\(parameter.name)}}"))
            case .formData:
                formFields.append((parameter.name, value ?? ""))
            default:
                break
            }
        }
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        var url = base + (path.hasPrefix("/") ? path : "/" + path)
        if !query.isEmpty { url += "?" + query.joined(separator: "&") }

        var body: String?
        var kind: RequestBodyKind?
        var schemaText: String?
        if let requestBody = operation.requestBody, let media = Self.preferred(requestBody.contents) {
            let type = media.mediaType.lowercased()
            if !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
                headers.append(HeaderField(name: "Content-Type", value: media.mediaType))
            }
            if type.contains("json") {
                kind = .json
                body =
                    media.example.flatMap(Self.pretty) ?? media.schema.flatMap {
                        SchemaExample.body(for: $0, in: description)
                    } ?? "{}"
            } else if type == "application/x-www-form-urlencoded" || type.hasPrefix("multipart/") {
                // Swagger 2.0 names the fields as parameters; OpenAPI 3 as the schema's properties.
                if formFields.isEmpty, let schema = media.schema {
                    formFields = Self.fields(of: schema, in: description)
                }
                if type.hasPrefix("multipart/") {
                    // The form's part lines (`name=value`); it writes the boundary itself.
                    kind = .multipart
                    body = formFields.map { $0.name + "=" + $0.value }.joined(separator: "\n")
                    headers.removeAll { $0.name.lowercased() == "content-type" }
                } else {
                    kind = .form
                    body = formFields.map { Self.queryEscaped($0.name) + "=" + Self.queryEscaped($0.value) }.joined(
                        separator: "&")
                }
            } else {
                kind = .text
                body = media.example ?? ""
            }
            if let schema = media.schema { schemaText = Self.schemaText(schema, in: description) }
            guide.append(
                "body \(media.mediaType)\(requestBody.isRequired ? ", required" : "")"
                    + (media.schema.map { " · " + Self.shortName($0, in: description) } ?? ""))
        }
        definition = RequestDefinition(method: operation.method, url: url, headers: headers, body: body, bodyKind: kind)
        needsNothing = !operation.parameters.contains { $0.isRequired } && !(operation.requestBody?.isRequired ?? false)
        bodySchemaText = schemaText
        self.guide = guide
        statusLine =
            "\(operation.id) · \(operation.method) \(operation.path): filled from the description"
            + (operation.isDeprecated ? " (deprecated)" : "") + "; Ctrl-S sends"
    }

    /// The operation in full, for reading: summary, description, parameters, body, responses
    /// and security.
    public static func describe(_ operation: APIOperation, in description: APIDescription) -> String {
        var lines = ["\(operation.method) \(operation.path)", "operation \(operation.id)"]
        if operation.isDeprecated { lines.append("deprecated") }
        if !operation.tags.isEmpty { lines.append("tags: " + operation.tags.joined(separator: ", ")) }
        if let summary = operation.summary { lines += ["", summary] }
        if let text = operation.description, text != operation.summary { lines += ["", text] }
        if !operation.parameters.isEmpty {
            lines += ["", "parameters:"]
            for parameter in operation.parameters {
                lines.append("  " + guideLine(parameter, value: SchemaExample.value(for: parameter, in: description)))
                if let about = parameter.description { lines.append("      " + about) }
            }
        }
        if let body = operation.requestBody {
            lines += ["", "body\(body.isRequired ? " (required)" : ""):"]
            for media in body.contents {
                lines.append(
                    "  \(media.mediaType)" + (media.schema.map { " · " + shortName($0, in: description) } ?? ""))
                if let schema = media.schema, let text = schemaText(schema, in: description) {
                    lines += text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
                }
            }
        }
        lines += ["", "responses:"]
        for response in operation.responses {
            let types = response.contents.map {
                $0.mediaType + ($0.schema.map { " · " + shortName($0, in: description) } ?? "")
            }
            lines.append(
                "  \(response.status)  \(response.description)"
                    + (types.isEmpty ? "" : "  [" + types.joined(separator: "; ") + "]"))
        }
        let security = operation.security ?? description.security
        if !security.isEmpty {
            lines += [
                "",
                "security: "
                    + security.map { $0.schemes.keys.sorted().joined(separator: " + ") }.joined(separator: " or "),
            ]
            let used = Set(security.flatMap(\.schemes.keys))
            for scheme in description.securitySchemes where used.contains(scheme.name) {
                lines.append("  " + securityLine(scheme))
                if case .oauth2(let flows) = scheme.kind {
                    for flow in flows {
                        var parts = ["    flow \(flow.name)"]
                        if let url = flow.authorizationURL { parts.append("authorize at \(url)") }
                        if let url = flow.tokenURL { parts.append("token at \(url)") }
                        if !flow.scopes.isEmpty { parts.append("scopes " + flow.scopes.joined(separator: ", ")) }
                        lines.append(parts.joined(separator: " · "))
                    }
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    // MARK: pieces

    /// `bearerAuth: HTTP bearer: the auth helpers send it`.
    static func securityLine(_ scheme: APISecurityScheme) -> String {
        let kind: String
        switch scheme.kind {
        case .http(let name, let format):
            kind = "HTTP \(name)" + (format.map { " (\($0))" } ?? "") + ": the auth helpers send it"
        case .apiKey(let name, let location):
            kind = "API key \(name) in the \(location.rawValue): the auth helpers send it"
        case .oauth2: kind = "OAuth2 (its flows are listed; hammock does not run them)"
        case .openIDConnect(let url): kind = "OpenID Connect at \(url) (not run by hammock)"
        case .mutualTLS: kind = "mutual TLS (--cert and --key)"
        }
        return scheme.name + ": " + kind
    }

    /// `path id (integer, required): 1`.
    static func guideLine(_ parameter: APIParameter, value: String?) -> String {
        var facts: [String] = []
        if parameter.isRequired { facts.append("required") }
        if parameter.isDeprecated { facts.append("deprecated") }
        if !parameter.enumValues.isEmpty {
            facts.append("one of " + parameter.enumValues.prefix(8).joined(separator: ", "))
        }
        let location = parameter.location == .formData ? "form" : parameter.location.rawValue
        return "\(location) \(parameter.name)" + (facts.isEmpty ? "" : " (" + facts.joined(separator: "; ") + ")")
            + (value.map { ": " + $0 } ?? "")
    }

    /// A form's fields from its schema: the top-level properties of the example the schema
    /// makes, strings as they are, other values as their JSON text.
    static func fields(of schema: APISchemaReference, in description: APIDescription) -> [(name: String, value: String)]
    {
        guard let text = SchemaExample.body(for: schema, in: description), let document = try? JSONDocument(text),
            document.kind(document.root) == .objectStart
        else { return [] }
        return document.children(of: document.root).compactMap { entry in
            guard let name = document.key(entry) else { return nil }
            return (name, document.string(entry) ?? document.rawText(entry))
        }
    }

    /// The media type a request is made with: JSON first, then forms, then the first.
    static func preferred(_ contents: [APIMediaType]) -> APIMediaType? {
        contents.first { $0.mediaType.lowercased().contains("json") }
            ?? contents.first { $0.mediaType.lowercased() == "application/x-www-form-urlencoded" }
            ?? contents.first
    }

    /// The schema at `reference`, its own `$ref`s at the top followed, pretty-printed.
    static func schemaText(_ reference: APISchemaReference, in description: APIDescription) -> String? {
        let store = OpenAPIDocumentStore(rootURI: description.rootURI, documents: description.documents)
        guard let document = description.documents[reference.documentURI],
            var entry = store.entry(in: document, pointer: reference.pointer)
        else { return nil }
        var current = document
        var uri = reference.documentURI
        var header: [String] = []
        for _ in 0..<8 {
            guard let refEntry = store.childEntry(current, entry, "$ref"), let ref = current.string(refEntry),
                let target = store.target(of: ref, from: uri)
            else { break }
            header.append("$ref " + ref)
            current = target.document
            entry = target.entry
            uri = target.uri
        }
        let raw = current.rawText(entry)
        let pretty = pretty(raw) ?? raw
        return (header + [pretty]).joined(separator: "\n")
    }

    /// The schema's name: `NewUser` for a schema that is `$ref: '#/components/schemas/NewUser'`
    /// (or is that component), else `schema`.
    static func shortName(_ reference: APISchemaReference, in description: APIDescription) -> String {
        var pointer = reference.pointer
        if let document = description.documents[reference.documentURI] {
            let store = OpenAPIDocumentStore(rootURI: description.rootURI, documents: description.documents)
            if let entry = store.entry(in: document, pointer: pointer),
                let refEntry = store.childEntry(document, entry, "$ref"),
                let ref = document.string(refEntry)
            {
                pointer = ref
            }
        }
        let parts = pointer.split(separator: "/")
        guard parts.count >= 2, ["schemas", "definitions", "$defs"].contains(String(parts[parts.count - 2])) else {
            return "schema"
        }
        return parts[parts.count - 1].replacingOccurrences(of: "~1", with: "/").replacingOccurrences(
            of: "~0", with: "~")
    }

    /// JSON text indented two spaces a level; nil when it is not JSON.
    static func pretty(_ text: String) -> String? {
        (try? JSONDocument(text))?.prettyPrinted()
    }

    private static func pathEscaped(_ text: String) -> String {
        text.addingPercentEncoding(
            withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#")))
            ?? text
    }

    private static func queryEscaped(_ text: String) -> String {
        text.addingPercentEncoding(
            withAllowedCharacters: .urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+#")))
            ?? text
    }
}
