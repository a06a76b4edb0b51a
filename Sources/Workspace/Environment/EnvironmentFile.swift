import Yams

/// The YAML form of one environment file.
///
/// ```yaml
/// base: https://api.example.com
/// user: ada
/// auth:
///   type: basic        # basic, bearer, apiKey or none
///   username: "{{user}}"
///   password: "{{env:API_PASSWORD}}"
/// ```
///
/// Every key but `auth` is a variable; its value must be a single value (numbers and booleans
/// are taken as their text, an empty value is the empty string). `auth: none` turns off the auth
/// of `_shared.yaml`.
enum EnvironmentFile {
    /// What a file says about auth.
    enum AuthSetting: Equatable {
        /// No `auth` key: take the shared one.
        case inherit
        /// `auth: none`.
        case none
        /// An `auth` section.
        case scheme(AuthScheme)
    }

    /// The parsed content of one file.
    struct Content: Equatable {
        var variables: [EnvironmentVariable] = []
        var auth: AuthSetting = .inherit
    }

    static func decode(_ text: String) throws(YAMLDocument.Problem) -> Content {
        let source = YAMLDocument.Source(text)
        guard let root = try YAMLDocument.parse(text) else { return Content() }
        guard let mapping = root.mapping else {
            if YAMLDocument.isNull(root) { return Content() }
            throw YAMLDocument.Problem(
                line: root.mark?.line,
                reason: "an environment file must be a mapping of name: value, not " + YAMLDocument.kindName(of: root))
        }
        var content = Content()
        for (keyNode, value) in mapping {
            guard let key = YAMLDocument.text(of: keyNode) else {
                throw YAMLDocument.Problem(line: keyNode.mark?.line, reason: "a variable name must be text")
            }
            if key == "auth" {
                content.auth = try decodeAuth(value, line: keyNode.mark?.line, source: source)
                continue
            }
            guard Template.isVariableName(key) else {
                throw YAMLDocument.Problem(
                    line: keyNode.mark?.line,
                    reason: "“\(key)” cannot be a variable name (use letters, digits, “_”, “-” and “.”)")
            }
            guard let text = YAMLDocument.isNull(value) ? "" : source.text(of: value) else {
                throw YAMLDocument.Problem(
                    line: value.mark?.line ?? keyNode.mark?.line,
                    reason: "the value of “\(key)” must be a single value, not " + YAMLDocument.kindName(of: value))
            }
            content.variables.append(EnvironmentVariable(name: key, value: text))
        }
        return content
    }

    private static func decodeAuth(
        _ node: Node, line: Int?, source: YAMLDocument.Source
    ) throws(YAMLDocument.Problem) -> AuthSetting {
        if let text = node.scalar?.string, text == "none" { return .none }
        guard let mapping = node.mapping else {
            throw YAMLDocument.Problem(
                line: node.mark?.line ?? line,
                reason: "“auth” must be a mapping with a “type” (basic, bearer, apiKey) or the word none")
        }
        var fields: [String: String] = [:]
        var lines: [String: Int] = [:]
        for (keyNode, value) in mapping {
            let key = YAMLDocument.text(of: keyNode) ?? ""
            guard let text = source.text(of: value) else {
                throw YAMLDocument.Problem(
                    line: value.mark?.line ?? keyNode.mark?.line,
                    reason: "auth “\(key)” must be a single value, not " + YAMLDocument.kindName(of: value))
            }
            fields[key] = text
            lines[key] = keyNode.mark?.line
        }
        let authLine = mapping.mark?.line ?? line
        func check(_ allowed: [String]) throws(YAMLDocument.Problem) {
            for key in fields.keys.sorted() where !allowed.contains(key) && key != "type" {
                throw YAMLDocument.Problem(
                    line: lines[key],
                    reason:
                        "auth of type \(fields["type"] ?? "") has no field “\(key)” (known: \(allowed.joined(separator: ", ")))"
                )
            }
        }
        func required(_ key: String) throws(YAMLDocument.Problem) -> String {
            guard let value = fields[key], !value.isEmpty else {
                throw YAMLDocument.Problem(
                    line: authLine, reason: "auth of type \(fields["type"] ?? "") needs a “\(key)”")
            }
            return value
        }
        switch fields["type"] {
        case "basic":
            try check(["username", "password"])
            return .scheme(.basic(username: try required("username"), password: fields["password"]))
        case "bearer":
            try check(["token"])
            return .scheme(.bearer(token: try required("token")))
        case "apiKey":
            try check(["name", "value", "in"])
            let raw = fields["in"] ?? "header"
            guard let location = APIKeyLocation(rawValue: raw) else {
                throw YAMLDocument.Problem(
                    line: lines["in"], reason: "an API key goes “in: header”, “in: query” or “in: cookie”, not “\(raw)”"
                )
            }
            return .scheme(.apiKey(name: try required("name"), value: try required("value"), location: location))
        case "none":
            try check([])
            return .none
        case nil:
            throw YAMLDocument.Problem(line: authLine, reason: "“auth” needs a “type” (basic, bearer, apiKey or none)")
        case let other?:
            throw YAMLDocument.Problem(
                line: lines["type"], reason: "“\(other)” is not an auth type (known: basic, bearer, apiKey, none)")
        }
    }
}
