import Foundation
import OrderedJSON

/// Checks JSON documents against a JSON Schema (draft 2020-12 or draft 4) or an OpenAPI 3.0 or
/// Swagger 2.0 Schema Object, and says where and why they fail.
///
/// The schema is compiled once, when the validator is made: references (`$ref`,
/// `$dynamicRef`) are resolved, patterns compiled, and a schema that cannot be used throws a
/// ``JSONSchemaError`` naming the place. Checking then walks the instance's index without
/// building Foundation objects, so a validator can check many large documents, from many tasks
/// at once.
///
/// ```swift
/// let api = try JSONDocument(data: openAPIBytes)
/// let pet = try JSONSchemaValidator(
///     document: api, pointer: "/components/schemas/Pet", baseURI: "https://api.example.com/openapi.json",
///     dialect: .openAPI30)
/// for violation in pet.validate(try JSONDocument(data: body)).violations {
///     print(violation)   // $['id']: expected integer, found string "7" (https://…#/components/schemas/Pet/properties/id/type)
/// }
/// ```
///
/// Patterns are ECMA-262 regular expressions, translated for and run by Swift's `Regex`; a
/// pattern Swift cannot compile (lookbehind, for one) makes the whole schema unusable
/// (``JSONSchemaError/invalidPattern(pattern:location:reason:)``) rather than failing values at
/// check time. `format` is checked only when `assertsFormats` is true, for `date-time`, `date`,
/// `time`, `email`, `uuid`, `uri`, `ipv4`, `ipv6` and `hostname` (and OpenAPI's `int32` and
/// `int64`); other formats are annotations. A reference cycle that returns to the same schema
/// at the same value without going deeper, such as `{"$ref": "#"}`, passes rather than looping.
public struct JSONSchemaValidator: Sendable {
    private let program: SchemaProgram

    /// Compiles the schema at JSON Pointer `pointer` (`""` for the whole document; a URI
    /// fragment such as `#/components/schemas/Pet` is read too) inside `document`, whose URI is
    /// `baseURI` (the base for its `$id`s and `$ref`s). References to other documents are looked
    /// up in `registry`.
    ///
    /// - Throws: ``JSONSchemaError`` when the pointer leads nowhere, a reference cannot be
    ///   resolved, a keyword's value has the wrong form, or a pattern does not compile.
    public init(
        document: JSONDocument, pointer: String = "", baseURI: String = "", dialect: JSONSchemaDialect,
        registry: SchemaRegistry = SchemaRegistry(), assertsFormats: Bool = false
    ) throws(JSONSchemaError) {
        var compiler = SchemaCompiler(dialect: dialect, assertsFormats: assertsFormats, registry: registry)
        program = try compiler.compile(document: document, pointer: pointer, baseURI: baseURI)
    }

    /// Checks the value at `entry` of `instance` (its root when nil) and returns the violations
    /// found, at most `maximumViolations` of them (at least one is always kept).
    ///
    /// Past that limit, or when the task is cancelled, the check stops and the result is
    /// marked truncated. The limit never changes the outcome of `anyOf`, `oneOf`, `not`, `if` or
    /// `contains`, whose branches are tried in full.
    public func validate(_ instance: JSONDocument, entry: Int? = nil, maximumViolations: Int = 100)
        -> SchemaValidationResult
    {
        let start = entry ?? instance.root
        let program = self.program
        let (found, truncated) = instance.withBytes { bytes in
            var evaluator = SchemaEvaluator(
                program: program, instance: instance, bytes: bytes, limit: maximumViolations)
            var none: SchemaAnnotations?
            _ = evaluator.check(program.root, start, collect: true, annotations: &none)
            return (evaluator.found, evaluator.isFull || evaluator.isCancelled)
        }
        let paths = instance.normalizedPaths(of: found.map(\.entry))
        let violations = found.map {
            SchemaViolation(
                instanceLocation: paths[$0.entry] ?? instance.normalizedPath(of: $0.entry),
                schemaLocation: $0.schemaLocation, keyword: $0.keyword, message: $0.message)
        }
        return SchemaValidationResult(violations: violations, isTruncated: truncated)
    }

    /// True when the value at `entry` of `instance` (its root when nil) is valid: the quick
    /// check, which stops at the first violation and writes no messages. A cancelled check
    /// answers false.
    public func isValid(_ instance: JSONDocument, entry: Int? = nil) -> Bool {
        let start = entry ?? instance.root
        let program = self.program
        return instance.withBytes { bytes in
            var evaluator = SchemaEvaluator(program: program, instance: instance, bytes: bytes, limit: 0)
            var none: SchemaAnnotations?
            return evaluator.check(program.root, start, collect: false, annotations: &none)
        }
    }
}
