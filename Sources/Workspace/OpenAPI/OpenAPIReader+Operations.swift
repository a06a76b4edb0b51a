import OrderedJSON

extension OpenAPIReader {
    /// The methods a path item can have operations for, in the order operations are listed.
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// Every operation, paths in document order and each path's methods in ``methods`` order.
    func operations() -> [APIOperation] {
        guard let paths = store.child(root, "paths") else { return [] }
        guard paths.isObject else {
            store.warn("paths: not a mapping; no operations read")
            return []
        }
        let consumes = store.strings(root, "consumes")
        let produces = store.strings(root, "produces")
        var operations: [APIOperation] = []
        for (path, reference) in store.members(paths) {
            if path.hasPrefix("x-") { continue }
            guard path.hasPrefix("/") else {
                store.warn("\(reference.place): a path must start with “/”; skipped")
                continue
            }
            guard let item = store.resolve(reference) else { continue }
            guard item.isObject else {
                store.warn("\(item.place): not a mapping; skipped")
                continue
            }
            var byMethod: [String: OpenAPILocation] = [:]
            var shared: [OpenAPILocation] = []
            for (key, member) in store.members(item) {
                if key == "parameters" {
                    shared = store.elements(member)
                } else if Self.methods.contains(key) {
                    byMethod[key] = member
                }
            }
            for method in Self.methods {
                guard let location = byMethod[method] else { continue }
                guard location.isObject else {
                    store.warn("\(location.place): not a mapping; skipped")
                    continue
                }
                operations.append(
                    operation(
                        path: path, method: method, location: location, shared: shared, consumes: consumes,
                        produces: produces))
            }
        }
        return operations
    }

    private func operation(
        path: String, method: String, location: OpenAPILocation, shared: [OpenAPILocation], consumes: [String],
        produces: [String]
    ) -> APIOperation {
        let parameterObjects = mergedParameters(shared: shared, own: store.child(location, "parameters"))
        var parameters: [APIParameter] = []
        var requestBody: APIRequestBody?
        if format == .swagger20 {
            let consumed = store.child(location, "consumes") != nil ? store.strings(location, "consumes") : consumes
            (parameters, requestBody) = swaggerParameters(parameterObjects, consumes: consumed)
        } else {
            parameters = parameterObjects.compactMap { parameter($0.location, name: $0.name, location: $0.in) }
            if let body = store.child(location, "requestBody").flatMap(store.resolve), body.isObject {
                requestBody = APIRequestBody(
                    isRequired: store.bool(body, "required") ?? false, description: store.string(body, "description"),
                    contents: mediaTypes(store.child(body, "content")))
            }
        }
        let produced = store.child(location, "produces") != nil ? store.strings(location, "produces") : produces
        var responses: [APIResponse] = []
        if let list = store.child(location, "responses") {
            for (status, reference) in store.members(list) where !status.hasPrefix("x-") {
                guard let response = store.resolve(reference), response.isObject else { continue }
                responses.append(
                    format == .swagger20
                        ? swaggerResponse(status: status, response, produces: produced)
                        : self.response(status: status, response))
            }
        }
        return APIOperation(
            id: store.string(location, "operationId") ?? method.uppercased() + " " + path, method: method.uppercased(),
            path: path, summary: store.string(location, "summary"), description: store.string(location, "description"),
            tags: store.strings(location, "tags"), isDeprecated: store.bool(location, "deprecated") ?? false,
            parameters: parameters, requestBody: requestBody, responses: responses,
            security: store.child(location, "security").map(securityRequirements))
    }

    /// The parameter objects of a path item and of one of its operations, `$ref`s followed:
    /// the path item's first, each replaced by the operation's own of the same name and
    /// location, then the operation's others.
    private func mergedParameters(shared: [OpenAPILocation], own: OpenAPILocation?) -> [(
        name: String, in: String, location: OpenAPILocation
    )] {
        var merged: [(name: String, in: String, location: OpenAPILocation)] = []
        var positions: [String: Int] = [:]
        for (isOwn, list) in [(false, shared), (true, own.map(store.elements) ?? [])] {
            for reference in list {
                guard let object = store.resolve(reference) else { continue }
                guard let name = store.string(object, "name"), let location = store.string(object, "in") else {
                    store.warn("\(reference.place): a parameter needs a name and an “in”; skipped")
                    continue
                }
                let key = location + "\u{0}" + (location == "header" ? name.lowercased() : name)
                if isOwn, let position = positions[key] {
                    merged[position] = (name, location, object)
                } else if positions[key] == nil {
                    positions[key] = merged.count
                    merged.append((name, location, object))
                }
            }
        }
        return merged
    }

    /// An OpenAPI 3 parameter.
    private func parameter(_ object: OpenAPILocation, name: String, location: String) -> APIParameter? {
        guard let place = APIParameter.Location(rawValue: location), place != .formData else {
            store.warn("\(object.place): unknown parameter location “\(location)”; skipped")
            return nil
        }
        var schema = store.child(object, "schema")
        var contentExample: String?
        if schema == nil, let content = store.child(object, "content"), let first = store.members(content).first {
            schema = store.child(first.location, "schema")
            contentExample = example(ofMediaType: first.location)
        }
        let schemaObject = schema.flatMap(store.resolveQuietly)
        let example =
            store.rawText(object, "example") ?? firstExampleValue(store.child(object, "examples")) ?? contentExample
            ?? schemaObject.flatMap(exampleOfSchema)
        return APIParameter(
            name: name, location: place, isRequired: place == .path || store.bool(object, "required") == true,
            isDeprecated: store.bool(object, "deprecated") ?? false, description: store.string(object, "description"),
            schema: schema?.schemaReference, example: example, enumValues: schemaObject.map(enumValues) ?? [],
            style: store.string(object, "style"), explode: store.bool(object, "explode"))
    }

    /// An OpenAPI 3 response.
    private func response(status: String, _ object: OpenAPILocation) -> APIResponse {
        APIResponse(
            status: status, description: store.string(object, "description") ?? "",
            contents: mediaTypes(store.child(object, "content")),
            headers: store.child(object, "headers").map(store.members)?.map(\.key) ?? [])
    }

    /// The media types of a `content` map.
    func mediaTypes(_ content: OpenAPILocation?) -> [APIMediaType] {
        guard let content else { return [] }
        return store.members(content).map { mediaType, object in
            APIMediaType(
                mediaType: mediaType, schema: store.child(object, "schema")?.schemaReference,
                example: example(ofMediaType: object))
        }
    }

    /// A media type's (or parameter's) `example`, else its first `examples` entry's value.
    private func example(ofMediaType object: OpenAPILocation) -> String? {
        store.rawText(object, "example") ?? firstExampleValue(store.child(object, "examples"))
    }

    /// The `value` of the first entry of an `examples` map (`$ref`s followed).
    private func firstExampleValue(_ examples: OpenAPILocation?) -> String? {
        guard let first = examples.flatMap(store.members)?.first,
            let example = store.resolve(first.location)
        else { return nil }
        return store.rawText(example, "value")
    }

    /// A schema's `example`, else the first of its `examples` (3.1), else its `default`.
    func exampleOfSchema(_ schema: OpenAPILocation) -> String? {
        if let example = store.rawText(schema, "example") { return example }
        if let examples = store.child(schema, "examples"), let first = store.elements(examples).first {
            return first.rawText
        }
        return store.rawText(schema, "default")
    }

    /// The JSON text of each value a schema's `enum` allows (or its array items' `enum`).
    func enumValues(_ schema: OpenAPILocation) -> [String] {
        if let list = store.child(schema, "enum") { return store.elements(list).map(\.rawText) }
        if let items = store.child(schema, "items").flatMap(store.resolveQuietly), let list = store.child(items, "enum")
        {
            return store.elements(list).map(\.rawText)
        }
        return []
    }
}
