extension OpenAPIReader {
    /// Swagger 2.0's parameters: a `body` parameter becomes the request body (one media type
    /// for each type the operation consumes); `formData` parameters stay parameters, located
    /// ``APIParameter/Location/formData``, and make a request body without a schema
    /// (`multipart/form-data` when the operation consumes it or a field is a file, else
    /// `application/x-www-form-urlencoded`); the others are schema-like themselves.
    func swaggerParameters(_ objects: [(name: String, in: String, location: OpenAPILocation)], consumes: [String])
        -> ([APIParameter], APIRequestBody?)
    {
        var parameters: [APIParameter] = []
        var body: OpenAPILocation?
        var formRequired = false
        var hasFile = false
        var hasForm = false
        for (name, location, object) in objects {
            if location == "body" {
                if body == nil { body = object }
                continue
            }
            guard let place = APIParameter.Location(rawValue: location) else {
                store.warn("\(object.place): unknown parameter location “\(location)”; skipped")
                continue
            }
            if place == .formData {
                hasForm = true
                formRequired = formRequired || store.bool(object, "required") == true
                hasFile = hasFile || store.string(object, "type") == "file"
            }
            parameters.append(
                APIParameter(
                    name: name, location: place, isRequired: place == .path || store.bool(object, "required") == true,
                    isDeprecated: store.bool(object, "x-deprecated") ?? false,
                    description: store.string(object, "description"), schema: object.schemaReference,
                    example: store.rawText(object, "x-example") ?? store.rawText(object, "default"),
                    enumValues: enumValues(object), style: nil, explode: nil))
        }
        if let body {
            let types = consumes.isEmpty ? ["application/json"] : consumes
            let schema = store.child(body, "schema")?.schemaReference
            let example = store.rawText(body, "x-example")
            return (
                parameters,
                APIRequestBody(
                    isRequired: store.bool(body, "required") ?? false, description: store.string(body, "description"),
                    contents: types.map { APIMediaType(mediaType: $0, schema: schema, example: example) })
            )
        }
        guard hasForm else { return (parameters, nil) }
        let urlEncoded = "application/x-www-form-urlencoded"
        let multipart = "multipart/form-data"
        let type: String
        if hasFile || (consumes.contains(multipart) && !consumes.contains(urlEncoded)) {
            type = multipart
        } else {
            type = urlEncoded
        }
        return (
            parameters,
            APIRequestBody(
                isRequired: formRequired, description: nil,
                contents: [APIMediaType(mediaType: type, schema: nil, example: nil)])
        )
    }

    /// A Swagger 2.0 response: its `schema` for each type the operation produces, with the
    /// `examples` given for that type.
    func swaggerResponse(status: String, _ object: OpenAPILocation, produces: [String]) -> APIResponse {
        let examples = store.child(object, "examples")
        var contents: [APIMediaType] = []
        if let schema = store.child(object, "schema") {
            let types = produces.isEmpty ? ["application/json"] : produces
            contents = types.map { type in
                APIMediaType(
                    mediaType: type, schema: schema.schemaReference,
                    example: examples.flatMap { store.rawText($0, type) })
            }
        } else if let examples {
            contents = store.members(examples).map {
                APIMediaType(mediaType: $0.key, schema: nil, example: $0.location.rawText)
            }
        }
        return APIResponse(
            status: status, description: store.string(object, "description") ?? "", contents: contents,
            headers: store.child(object, "headers").map(store.members)?.map(\.key) ?? [])
    }
}
