import Foundation
import OrderedJSON

/// An API description (OpenAPI 3.0, 3.1 or Swagger 2.0, in JSON or YAML) read into one model:
/// servers, operations with their parameters, bodies and responses, security and tags.
///
/// Schemas are not decoded: each is an ``APISchemaReference`` into ``documents``, the JSON
/// documents the description was read from (the description itself and every file its `$ref`s
/// name), for a schema validator or ``SchemaExample`` to read where they are.
///
/// ```swift
/// let description = try APIDescription.parse(data, sourceURL: url) { try Data(contentsOf: $0) }
/// for operation in description.operations {
///     print(operation.method, operation.path, operation.summary ?? "")
/// }
/// let match = description.operation(method: "GET", url: URL(string: "https://api.example.com/v1/pets/42")!)
/// // match?.operation.id == "showPetById", match?.pathParameters == ["petId": "42"]
/// ```
///
/// Reading is forgiving: a `$ref` that leads nowhere, a file that cannot be loaded or a
/// parameter of an unknown kind is left out and told in ``warnings``. Only a text that is not
/// JSON or YAML, or not a description, is an error.
public struct APIDescription: Sendable {
    /// The specification a description follows.
    public enum Format: Sendable, Equatable {
        /// Swagger 2.0.
        case swagger20
        /// OpenAPI 3.0.
        case openAPI30
        /// OpenAPI 3.1 (3.2 is read as 3.1, with a warning).
        case openAPI31
    }

    /// The specification the description follows.
    public var format: Format
    /// The version the description states (`3.1.0`, `2.0`).
    public var specVersion: String
    /// The API's title (`info.title`; empty when missing).
    public var title: String
    /// The API's version (`info.version`; empty when missing).
    public var version: String
    /// A short summary of the API (`info.summary`, OpenAPI 3.1).
    public var summary: String?
    /// The servers, relative URLs resolved against the description's URL when it was served
    /// over HTTP: OpenAPI 3's `servers`, else the description's origin (`/`); Swagger 2.0's
    /// `schemes`, `host` and `basePath`, or without a host the description's origin and
    /// `basePath`.
    public var servers: [APIServer]
    /// The operations, paths in document order and each path's methods in the order GET, PUT,
    /// POST, DELETE, OPTIONS, HEAD, PATCH, TRACE.
    public var operations: [APIOperation]
    /// The security schemes declared (Swagger 2.0's `securityDefinitions` too), in order.
    public var securitySchemes: [APISecurityScheme]
    /// The security requirements that apply to operations that do not state their own.
    public var security: [APISecurityRequirement]
    /// The tags declared at the top level, in order.
    public var tags: [APITag]
    /// Where the description was read from, when known.
    public var sourceURL: URL?
    /// Every JSON document read, by absolute URI without a fragment: the description itself
    /// (at ``rootURI``) and each file a `$ref` named. YAML is held as the JSON text it was
    /// converted to.
    public var documents: [String: JSONDocument]
    /// The URI of the description itself in ``documents``: the source URL without its
    /// fragment, or `""` when there is none.
    public var rootURI: String
    /// What was left out and why, each naming where:
    /// `paths./pets.get.parameters[2]: $ref #/components/parameters/Nope not found`.
    public var warnings: [String]

    /// Reads a description from its bytes (JSON or YAML).
    ///
    /// - Parameters:
    ///   - data: The description's text.
    ///   - sourceURL: Where it came from: relative `$ref`s and server URLs are resolved against
    ///     it.
    ///   - load: Reads a file that a `$ref` names (`common.yaml`, resolved to an absolute URL
    ///     when `sourceURL` is given). What it throws becomes a warning.
    /// - Throws: ``APIDescriptionError/notJSONOrYAML(line:column:reason:)`` or
    ///   ``APIDescriptionError/notADescription(reason:)``.
    public static func parse(_ data: Data, sourceURL: URL?, load: (URL) throws -> Data) throws(APIDescriptionError)
        -> APIDescription
    {
        let document = try OpenAPIDocumentText.document(from: data)
        let (format, specVersion, versionWarning) = try OpenAPIReader.format(of: document)
        let rootURI = sourceURL.map { URIReference.removingFragment($0.absoluteString) } ?? ""
        let store = OpenAPIDocumentStore(rootURI: rootURI, root: document)
        if let versionWarning { store.warn(versionWarning) }
        store.loadReferencedDocuments(load: load)
        guard let root = store.root else { throw .notADescription(reason: "the description could not be kept") }
        return OpenAPIReader(store: store, format: format, root: root).description(
            specVersion: specVersion, sourceURL: sourceURL)
    }

    /// Loads a description from `url` through `load` and reads it (see
    /// ``parse(_:sourceURL:load:)``).
    ///
    /// - Throws: ``APIDescriptionError/unreadableReference(uri:reason:)`` when `load` fails for
    ///   `url` itself, else what ``parse(_:sourceURL:load:)`` throws.
    public static func load(from url: URL, load: (URL) throws -> Data) throws(APIDescriptionError) -> APIDescription {
        let data: Data
        do {
            data = try load(url)
        } catch {
            throw .unreadableReference(uri: url.absoluteString, reason: "\(error)")
        }
        return try parse(data, sourceURL: url, load: load)
    }

    /// The operation a request is an instance of, with its path parameters' values.
    ///
    /// The URL's path is matched after taking away each server's base path (`/v1`); when no
    /// server's base path leads to a match, its last segments are matched instead. Templates
    /// match segment by segment (`/pets/{petId}`, `/files/{name}.json`); values are
    /// percent-decoded, and a trailing slash does not matter. Of several matches the one with
    /// the most literal segments wins (`/pets/mine` over `/pets/{id}`), then the one listed
    /// first.
    public func operation(method: String, url: URL) -> APIOperationMatch? {
        OpenAPIPathMatcher(description: self).match(method: method, url: url)
    }
}
