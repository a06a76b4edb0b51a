extension OpenAPIReader {
    /// The schemes of `components.securitySchemes` (OpenAPI 3) or `securityDefinitions`
    /// (Swagger 2.0), in order; those of an unknown kind are warned about and left out.
    func securitySchemes() -> [APISecurityScheme] {
        let map =
            format == .swagger20
            ? store.child(root, "securityDefinitions")
            : store.child(root, "components").flatMap { store.child($0, "securitySchemes") }
        guard let map else { return [] }
        return store.members(map).compactMap { name, reference in
            guard let object = store.resolve(reference), object.isObject else { return nil }
            guard let kind = securityKind(object) else { return nil }
            return APISecurityScheme(name: name, kind: kind, description: store.string(object, "description"))
        }
    }

    private func securityKind(_ object: OpenAPILocation) -> APISecurityScheme.Kind? {
        let type = store.string(object, "type") ?? ""
        switch type {
        case "http":
            return .http(
                scheme: (store.string(object, "scheme") ?? "").lowercased(),
                bearerFormat: store.string(object, "bearerFormat"))
        case "basic":
            return .http(scheme: "basic", bearerFormat: nil)
        case "apiKey":
            let location = store.string(object, "in") ?? ""
            guard let name = store.string(object, "name"), let place = APISecurityScheme.KeyLocation(rawValue: location)
            else {
                store.warn(
                    "\(object.place): an apiKey scheme needs a name and an “in” of header, query or cookie; skipped")
                return nil
            }
            return .apiKey(name: name, location: place)
        case "oauth2":
            if format == .swagger20 {
                let names = ["application": "clientCredentials", "accessCode": "authorizationCode"]
                let flow = store.string(object, "flow") ?? ""
                return .oauth2(flows: [oauthFlow(name: names[flow] ?? flow, object)])
            }
            let flows = store.child(object, "flows").map(store.members) ?? []
            return .oauth2(flows: flows.map { oauthFlow(name: $0.key, $0.location) })
        case "openIdConnect":
            return .openIDConnect(url: store.string(object, "openIdConnectUrl") ?? "")
        case "mutualTLS":
            return .mutualTLS
        default:
            store.warn("\(object.place): unknown security scheme type “\(type)”; skipped")
            return nil
        }
    }

    private func oauthFlow(name: String, _ object: OpenAPILocation) -> APIOAuthFlow {
        APIOAuthFlow(
            name: name, authorizationURL: store.string(object, "authorizationUrl"),
            tokenURL: store.string(object, "tokenUrl"), refreshURL: store.string(object, "refreshUrl"),
            scopes: store.child(object, "scopes").map(store.members)?.map(\.key) ?? [])
    }

    /// A list of security requirements: any one of them will do.
    func securityRequirements(_ list: OpenAPILocation) -> [APISecurityRequirement] {
        store.elements(list).map { requirement in
            var schemes: [String: [String]] = [:]
            for (name, scopes) in store.members(requirement) {
                schemes[name] = store.elements(scopes).compactMap(\.string)
            }
            return APISecurityRequirement(schemes: schemes)
        }
    }
}
