import Foundation
import OrderedJSON
import Synchronization

/// Checks responses against an API description: finds the operation a request was, the
/// response described for its status (exact, then `2XX`-style, then `default`) and the schema
/// for its media type, and validates the body there.
///
/// The common formats are asserted (`date-time`, `date`, `time`, `email`, `uuid`, `uri`, `ipv4`,
/// `ipv6`, `hostname`, `int32`, `int64`); others are annotations.
///
/// Validators are compiled once per schema and kept; the checker is `Sendable` and meant to be
/// used off the main actor (validating a large body takes a while). A check of a cancelled task
/// stops early.
///
/// ```swift
/// let checker = ResponseChecker(description)
/// let check = checker.check(method: "GET", url: url, status: 200, contentType: "application/json", body: document)
/// check.badge   // "schema ✗ 2"
/// ```
public final class ResponseChecker: Sendable {
    /// The description responses are checked against.
    public let description: APIDescription
    private let registry: SchemaRegistry
    private let dialect: JSONSchemaDialect
    private let validators = Mutex<[APISchemaReference: Result<JSONSchemaValidator, JSONSchemaError>]>([:])

    /// A checker for `description`.
    public init(_ description: APIDescription) {
        self.description = description
        registry = SchemaRegistry(description.documents)
        switch description.format {
        case .swagger20: dialect = .swagger20
        case .openAPI30: dialect = .openAPI30
        case .openAPI31: dialect = .draft2020_12
        }
    }

    /// The operation `method url` is, or nil when the description has none.
    public func operation(method: String, url: String) -> APIOperationMatch? {
        guard let parsed = URL(string: url) else { return nil }
        return description.operation(method: method, url: parsed)
    }

    /// Checks one response; nil when the request is no operation of the description.
    ///
    /// `body` is the parsed JSON body, nil when the body is not JSON (or there is none).
    public func check(
        method: String, url: String, status: Int, contentType: String, body: JSONDocument?
    ) -> SchemaCheck? {
        guard let match = operation(method: method, url: url) else { return nil }
        let operation = match.operation
        func result(_ schema: APISchemaReference?, _ verdict: SchemaCheck.Verdict) -> SchemaCheck {
            SchemaCheck(
                method: method, url: url, status: status, operationID: operation.id,
                schemaLocation: schema?.description, verdict: verdict)
        }
        guard let response = Self.response(for: status, in: operation.responses) else {
            return result(nil, .undocumentedStatus(status))
        }
        guard !response.contents.isEmpty else {
            return result(nil, .unchecked("the response is described without a body"))
        }
        let essence = Self.essence(of: contentType)
        guard let media = Self.media(for: essence, in: response.contents) else {
            return result(nil, .undocumentedContentType(essence, described: response.contents.map(\.mediaType)))
        }
        guard let schema = media.schema else {
            return result(nil, .unchecked("\(media.mediaType) is described without a schema"))
        }
        guard let body else { return result(schema, .unchecked("the body is not JSON")) }
        switch validator(for: schema) {
        case .failure(let error):
            return result(schema, .schemaProblem(error.description))
        case .success(let validator):
            let outcome = validator.validate(body, maximumViolations: SchemaCheck.maximumViolations)
            return result(
                schema, outcome.isValid ? .valid : .violations(outcome.violations, isTruncated: outcome.isTruncated))
        }
    }

    /// Checks a request body against the operation's request body schema, before it is sent;
    /// nil when there is nothing to check (no operation, no schema, not JSON).
    public func checkRequestBody(method: String, url: String, contentType: String, body: JSONDocument) -> SchemaCheck? {
        guard let match = operation(method: method, url: url), let requestBody = match.operation.requestBody,
            let media = Self.media(for: Self.essence(of: contentType), in: requestBody.contents),
            let schema = media.schema
        else { return nil }
        let verdict: SchemaCheck.Verdict
        switch validator(for: schema) {
        case .failure(let error): verdict = .schemaProblem(error.description)
        case .success(let validator):
            let outcome = validator.validate(body, maximumViolations: SchemaCheck.maximumViolations)
            verdict = outcome.isValid ? .valid : .violations(outcome.violations, isTruncated: outcome.isTruncated)
        }
        return SchemaCheck(
            method: method, url: url, status: 0, operationID: match.operation.id, schemaLocation: schema.description,
            verdict: verdict)
    }

    /// The validator of `schema`, compiled on first use.
    private func validator(for schema: APISchemaReference) -> Result<JSONSchemaValidator, JSONSchemaError> {
        if let known = validators.withLock({ $0[schema] }) { return known }
        let compiled: Result<JSONSchemaValidator, JSONSchemaError>
        if let document = description.documents[schema.documentURI] {
            do throws(JSONSchemaError) {
                compiled = .success(
                    try JSONSchemaValidator(
                        document: document, pointer: schema.pointer, baseURI: schema.documentURI, dialect: dialect,
                        registry: registry, assertsFormats: true))
            } catch {
                compiled = .failure(error)
            }
        } else {
            compiled = .failure(
                JSONSchemaError.unresolvableReference(reference: schema.description, location: schema.description))
        }
        validators.withLock { $0[schema] = compiled }
        return compiled
    }

    /// The response described for `status`: the exact code, then its class (`2XX`), then
    /// `default`.
    static func response(for status: Int, in responses: [APIResponse]) -> APIResponse? {
        let code = String(status)
        let family = "\(status / 100)XX"
        return responses.first { $0.status == code }
            ?? responses.first { $0.status.uppercased() == family }
            ?? responses.first { $0.status == "default" }
    }

    /// The media type described for `essence`: exact, then `type/*`, then `*/*`; a JSON
    /// flavour (`application/problem+json`) falls back on `application/json`.
    static func media(for essence: String, in contents: [APIMediaType]) -> APIMediaType? {
        func described(_ type: String) -> APIMediaType? {
            contents.first { essenceOf($0.mediaType) == type }
        }
        if essence.isEmpty { return contents.first }
        if let exact = described(essence) { return exact }
        let major = essence.split(separator: "/").first.map(String.init) ?? essence
        if let wildcard = described(major + "/*") ?? described("*/*") { return wildcard }
        if essence.hasSuffix("+json") { return described("application/json") }
        return nil
    }

    /// `application/json` from `Application/JSON; charset=utf-8`.
    static func essence(of contentType: String) -> String {
        essenceOf(contentType)
    }

    private static func essenceOf(_ type: String) -> String {
        (type.split(separator: ";").first.map(String.init) ?? type).trimmingCharacters(in: .whitespaces).lowercased()
    }
}
