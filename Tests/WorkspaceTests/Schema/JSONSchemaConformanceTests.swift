import Foundation
import Testing

@testable import Workspace

/// Runs the JSON Schema Test Suite (vendored in Tests/Conformance/json-schema with its licence)
/// against ``JSONSchemaValidator``: the required tests of drafts 2020-12 and 4, which must pass
/// at 98 % or more with exactly the known failures listed here, and the format tests, whose rate
/// is only reported.
@Suite("JSONSchemaValidator passes the JSON Schema Test Suite")
struct JSONSchemaConformanceTests {
    /// The reason shared by the cases that check a schema against its draft's meta-schema.
    static let needsMetaSchema =
        "refers to the draft's meta-schema, which the suite does not ship and the validator does not embed"

    /// Required draft 2020-12 cases that fail, each with the reason.
    static let knownDraft2020Failures: [String: String] = [
        "defs.json / validate definition against metaschema / invalid definition schema": needsMetaSchema,
        "defs.json / validate definition against metaschema / valid definition schema": needsMetaSchema,
        "ref.json / remote ref, containing refs itself / remote ref invalid": needsMetaSchema,
        "ref.json / remote ref, containing refs itself / remote ref valid": needsMetaSchema,
    ]

    /// Required draft 4 cases that fail, each with the reason.
    static let knownDraft4Failures: [String: String] = [
        "definitions.json / validate definition against metaschema / invalid definition schema": needsMetaSchema,
        "definitions.json / validate definition against metaschema / valid definition schema": needsMetaSchema,
        "ref.json / remote ref, containing refs itself / remote ref invalid": needsMetaSchema,
        "ref.json / remote ref, containing refs itself / remote ref valid": needsMetaSchema,
    ]

    @Test("draft 2020-12: at least 98 % of the required cases pass, failing only the known ones")
    func draft2020() throws {
        try checkRequired(draft: "draft2020-12", dialect: .draft2020_12, known: Self.knownDraft2020Failures)
    }

    @Test("draft 4: at least 98 % of the required cases pass, failing only the known ones")
    func draft4() throws {
        try checkRequired(draft: "draft4", dialect: .draft4, known: Self.knownDraft4Failures)
    }

    @Test("optional format cases, asserted: the pass rate is reported")
    func formats() throws {
        let root = try #require(JSONSchemaTestSuite.folder())
        let registry = try JSONSchemaTestSuite.registry(root)
        let asserted = ["date-time", "date", "time", "email", "uuid", "uri", "ipv4", "ipv6", "hostname"]
        for (draft, dialect) in [("draft2020-12", JSONSchemaDialect.draft2020_12), ("draft4", .draft4)] {
            let folder = root.appendingPathComponent("tests/\(draft)/optional/format")
            let files = try JSONSchemaTestSuite.files(in: folder).filter {
                asserted.contains($0.deletingPathExtension().lastPathComponent)
            }
            let outcome = try JSONSchemaTestSuite.run(
                files, dialect: dialect, registry: registry, assertsFormats: true)
            print("\(draft) optional formats: \(outcome.passed)/\(outcome.total) passed")
            for (name, reason) in outcome.failures.sorted(by: { $0.key < $1.key }) {
                print("  \(name): \(reason)")
            }
            #expect(outcome.total > 0)
        }
    }

    @Test("other optional cases: the pass rate is reported")
    func otherOptional() throws {
        let root = try #require(JSONSchemaTestSuite.folder())
        let registry = try JSONSchemaTestSuite.registry(root)
        for (draft, dialect) in [("draft2020-12", JSONSchemaDialect.draft2020_12), ("draft4", .draft4)] {
            let files = try JSONSchemaTestSuite.files(in: root.appendingPathComponent("tests/\(draft)/optional"))
            let outcome = try JSONSchemaTestSuite.run(files, dialect: dialect, registry: registry)
            print("\(draft) other optional: \(outcome.passed)/\(outcome.total) passed")
            for (name, reason) in outcome.failures.sorted(by: { $0.key < $1.key }) {
                print("  \(name): \(reason)")
            }
            #expect(outcome.total > 0)
        }
    }

    private func checkRequired(draft: String, dialect: JSONSchemaDialect, known: [String: String]) throws {
        let root = try #require(JSONSchemaTestSuite.folder())
        let registry = try JSONSchemaTestSuite.registry(root)
        let files = try JSONSchemaTestSuite.files(in: root.appendingPathComponent("tests/\(draft)"))
        let outcome = try JSONSchemaTestSuite.run(files, dialect: dialect, registry: registry)
        print("\(draft) required: \(outcome.passed)/\(outcome.total) passed")
        #expect(outcome.rate >= 0.98, "\(outcome.passed) of \(outcome.total) passed")
        let unexpected = outcome.failures.filter { known[$0.key] == nil }
        let fixed = known.keys.filter { outcome.failures[$0] == nil }
        #expect(
            unexpected.isEmpty,
            "unexpected failures:\n\(unexpected.sorted(by: { $0.key < $1.key }).map { "\($0.key): \($0.value)" }.joined(separator: "\n"))"
        )
        #expect(fixed.isEmpty, "known failures that now pass:\n\(fixed.sorted().joined(separator: "\n"))")
    }
}
