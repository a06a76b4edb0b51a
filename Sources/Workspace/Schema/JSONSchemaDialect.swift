import Foundation

/// Which flavour of JSON Schema a schema is written in: it decides which keywords count, how
/// `exclusiveMinimum` and `exclusiveMaximum` read, whether `$ref` replaces its siblings, and how
/// `null` is allowed.
public enum JSONSchemaDialect: Sendable {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// JSON Schema draft 2020-12 (also OpenAPI 3.1's Schema Object): `$id`, `$anchor`,
    /// `$dynamicRef`, `prefixItems`, `unevaluatedProperties` and the rest of the draft; the
    /// older `dependencies` is still understood.
    case draft2020_12
    /// JSON Schema draft 4: `id`, `definitions`, boolean `exclusiveMinimum`/`exclusiveMaximum`,
    /// `dependencies`, `items` as an array with `additionalItems`; `$ref` replaces its siblings.
    case draft4
    /// The OpenAPI 3.0 Schema Object: draft-4 keywords without `patternProperties`,
    /// `additionalItems`, `dependencies` or `type` arrays; `nullable: true` lets `null` through;
    /// `$ref` replaces its siblings; `example`, `readOnly`, `writeOnly`, `discriminator`, `xml`,
    /// `externalDocs` and `deprecated` are annotations only.
    case openAPI30
    /// The Swagger 2.0 Schema Object: the draft-4 subset Swagger allows (no `anyOf`, `oneOf`,
    /// `not`, `patternProperties` or `dependencies`); `x-nullable: true` lets `null` through and
    /// the `file` type accepts any value.
    case swagger20

    /// True for the dialects in which `$ref` stands alone and its sibling keywords are ignored.
    var refReplacesSiblings: Bool { self != .draft2020_12 }

    /// The keyword that sets a schema's URI.
    var idKeyword: String? {
        switch self {
        case .draft2020_12: return "$id"
        case .draft4: return "id"
        case .openAPI30, .swagger20: return nil
        }
    }

    /// The keyword that lets `null` through whatever else the schema says, if the dialect has one.
    var nullableKeyword: String? {
        switch self {
        case .openAPI30: return "nullable"
        case .swagger20: return "x-nullable"
        case .draft2020_12, .draft4: return nil
        }
    }

    /// True when `exclusiveMinimum` and `exclusiveMaximum` are booleans that modify
    /// `minimum` and `maximum`, as in draft 4.
    var hasBooleanExclusiveBounds: Bool { self != .draft2020_12 }

    /// True when `type` may be an array of names.
    var allowsTypeArrays: Bool { self == .draft2020_12 || self == .draft4 }

    /// True when `1.0` counts as an integer (draft 4 counts only numbers written without a
    /// fraction or an exponent).
    var integerByValue: Bool { self == .draft2020_12 }

    /// The keywords this dialect knows; anything else in a schema is ignored.
    func knows(_ keyword: String) -> Bool {
        switch self {
        case .draft2020_12: return Self.draft2020Keywords.contains(keyword)
        case .draft4: return Self.draft4Keywords.contains(keyword)
        case .openAPI30: return Self.openAPI30Keywords.contains(keyword)
        case .swagger20: return Self.swagger20Keywords.contains(keyword)
        }
    }

    /// Keywords whose value is one subschema.
    func hasSchemaValue(_ keyword: String) -> Bool {
        guard knows(keyword) else { return false }
        switch keyword {
        case "not", "additionalProperties", "propertyNames", "contains", "if", "then", "else",
            "unevaluatedItems", "unevaluatedProperties", "additionalItems":
            return true
        case "items": return true
        default: return false
        }
    }

    /// Keywords whose value is an array of subschemas.
    func hasSchemaArrayValue(_ keyword: String) -> Bool {
        guard knows(keyword) else { return false }
        switch keyword {
        case "allOf", "anyOf", "oneOf", "prefixItems": return true
        case "items": return self == .draft4
        default: return false
        }
    }

    /// Keywords whose value is an object whose members are subschemas.
    func hasSchemaMapValue(_ keyword: String) -> Bool {
        guard knows(keyword) else { return false }
        switch keyword {
        case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies": return true
        default: return false
        }
    }

    private static let draft2020Keywords: Set<String> = [
        "$id", "$schema", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary", "$comment", "$defs",
        "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "prefixItems", "items",
        "contains", "properties", "patternProperties", "additionalProperties", "propertyNames",
        "unevaluatedItems", "unevaluatedProperties", "type", "enum", "const", "multipleOf", "maximum",
        "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems",
        "minItems", "uniqueItems", "maxContains", "minContains", "maxProperties", "minProperties", "required",
        "dependentRequired", "format", "dependencies",
    ]

    private static let draft4Keywords: Set<String> = [
        "id", "$schema", "$ref", "definitions", "allOf", "anyOf", "oneOf", "not", "items", "additionalItems",
        "properties", "patternProperties", "additionalProperties", "dependencies", "type", "enum", "multipleOf",
        "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern",
        "maxItems", "minItems", "uniqueItems", "maxProperties", "minProperties", "required", "format",
    ]

    private static let openAPI30Keywords: Set<String> = [
        "$ref", "allOf", "anyOf", "oneOf", "not", "items", "properties", "additionalProperties", "type", "enum",
        "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength",
        "pattern", "maxItems", "minItems", "uniqueItems", "maxProperties", "minProperties", "required", "format",
        "nullable",
    ]

    private static let swagger20Keywords: Set<String> = [
        "$ref", "allOf", "items", "properties", "additionalProperties", "type", "enum", "multipleOf", "maximum",
        "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems",
        "minItems", "uniqueItems", "maxProperties", "minProperties", "required", "format", "x-nullable",
    ]
}
