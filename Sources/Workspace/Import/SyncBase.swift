import Foundation

/// What ``CollectionSync`` wrote last time, kept in the collection's hidden `.openapi/` folder
/// (`base.json`): for each operation, the file it went to and the request as generated. The
/// common ancestor of the three-way merge.
struct SyncBase: Codable, Sendable, Equatable {
    /// One operation as last generated.
    struct Entry: Codable, Sendable, Equatable {
        /// ``GeneratedRequest/key``.
        var key: String
        /// The request's id in the collection (its path, `users/get-a-user.yaml`).
        var file: String
        var method: String
        var url: String
        var headers: [HeaderField]
        var body: String?
        var bodyKind: String?

        /// The generated request as stored.
        init(key: String, file: String, definition: RequestDefinition) {
            self.key = key
            self.file = file
            method = definition.method
            url = definition.url
            headers = definition.headers
            body = definition.body
            bodyKind = definition.bodyKind?.rawValue
        }

        /// The request as generated then.
        var definition: RequestDefinition {
            RequestDefinition(
                method: method, url: url, headers: headers, body: body,
                bodyKind: bodyKind.flatMap(RequestBodyKind.init(rawValue:)))
        }
    }

    /// The layout's version.
    var version = 1
    /// Where the description came from (a URL or a path), as given.
    var source: String
    /// The operations, in the description's order.
    var entries: [Entry]
}
