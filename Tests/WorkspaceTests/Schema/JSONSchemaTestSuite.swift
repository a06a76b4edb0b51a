import Foundation
import OrderedJSON

@testable import Workspace

/// The JSON Schema Test Suite vendored in Tests/Conformance/json-schema, read with OrderedJSON so
/// that numbers keep the text they were written in.
enum JSONSchemaTestSuite {
    /// One test: a schema, a value, and whether the value should pass.
    struct Case {
        /// `file.json / group description / test description`.
        var name: String
        var schema: JSONDocument
        var data: JSONDocument
        var dataEntry: Int
        var valid: Bool
    }

    /// What running some cases gave.
    struct Outcome {
        var total = 0
        /// Case name → why it failed.
        var failures: [String: String] = [:]

        var passed: Int { total - failures.count }
        var rate: Double { total == 0 ? 0 : Double(passed) / Double(total) }
    }

    /// Tests/Conformance/json-schema, found by walking up from this file (symbolic links
    /// resolved, so a package that links the test folder in finds it too) to a folder that
    /// holds it.
    static func folder(from file: String = #filePath) -> URL? {
        var folder = URL(fileURLWithPath: file).resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("Conformance/json-schema")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("LICENSE").path) {
                return candidate
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// Every document of remotes/, as `http://localhost:1234/<path>`.
    static func registry(_ root: URL) throws -> SchemaRegistry {
        var registry = SchemaRegistry()
        let remotes = root.appendingPathComponent("remotes")
        let enumerator = FileManager.default.enumerator(at: remotes, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "json" else { continue }
            let relative = url.resolvingSymlinksInPath().path.dropFirst(
                remotes.resolvingSymlinksInPath().path.count + 1)
            registry.add(try JSONDocument(data: Data(contentsOf: url)), uri: "http://localhost:1234/" + relative)
        }
        return registry
    }

    /// The `.json` files directly in `folder`, by name.
    static func files(in folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The cases of one test file.
    static func cases(in file: URL) throws -> [Case] {
        let document = try JSONDocument(data: Data(contentsOf: file))
        var cases: [Case] = []
        for group in document.children(of: document.root) {
            let description = document.child(of: group, key: "description").flatMap(document.string) ?? "?"
            guard let schemaEntry = document.child(of: group, key: "schema"),
                let tests = document.child(of: group, key: "tests")
            else { continue }
            let schema = try JSONDocument(document.rawText(schemaEntry))
            for test in document.children(of: tests) {
                let testDescription = document.child(of: test, key: "description").flatMap(document.string) ?? "?"
                guard let data = document.child(of: test, key: "data"),
                    let valid = document.child(of: test, key: "valid").flatMap(document.bool)
                else { continue }
                cases.append(
                    Case(
                        name: "\(file.lastPathComponent) / \(description) / \(testDescription)", schema: schema,
                        data: document, dataEntry: data, valid: valid))
            }
        }
        return cases
    }

    /// Runs the cases of `files`, compiling each group's schema once.
    static func run(
        _ files: [URL], dialect: JSONSchemaDialect, registry: SchemaRegistry, assertsFormats: Bool = false
    ) throws -> Outcome {
        var outcome = Outcome()
        for file in files {
            var validators: [ObjectIdentifier: Result<JSONSchemaValidator, JSONSchemaError>] = [:]
            for testCase in try cases(in: file) {
                outcome.total += 1
                let key = ObjectIdentifier(testCase.schema)
                let compiled =
                    validators[key]
                    ?? Result { () throws(JSONSchemaError) in
                        try JSONSchemaValidator(
                            document: testCase.schema, dialect: dialect, registry: registry,
                            assertsFormats: assertsFormats)
                    }
                validators[key] = compiled
                switch compiled {
                case .failure(let error):
                    outcome.failures[testCase.name] = "schema not usable: \(error)"
                case .success(let validator):
                    let result = validator.validate(testCase.data, entry: testCase.dataEntry)
                    let quick = validator.isValid(testCase.data, entry: testCase.dataEntry)
                    if result.isValid != testCase.valid {
                        outcome.failures[testCase.name] =
                            testCase.valid
                            ? "rejected: \(result.violations.map(\.description).joined(separator: "; "))"
                            : "accepted"
                    } else if quick != testCase.valid {
                        outcome.failures[testCase.name] = "the quick check disagrees"
                    }
                }
            }
        }
        return outcome
    }
}
