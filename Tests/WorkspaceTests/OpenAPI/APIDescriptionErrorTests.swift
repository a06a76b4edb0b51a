import Foundation
import TestSupport
import Testing

@testable import Workspace

@Suite("Texts that are not descriptions")
struct APIDescriptionErrorTests {
    private func error(_ text: String) -> APIDescriptionError? {
        Self.error(text)
    }

    private static func error(_ text: String) -> APIDescriptionError? {
        do {
            _ = try APIDescription.parse(Data(text.utf8), sourceURL: nil, load: OpenAPIFixtures.noFiles)
            return nil
        } catch {
            return error
        }
    }

    @Test("YAML that does not parse is told with its line")
    func brokenYAML() throws {
        let problem = try #require(error("openapi: 3.0.0\ninfo:\n  title: x\n  version: [1, 2\npaths: {}\n"))
        guard case .notJSONOrYAML(let line, _, let reason) = problem else {
            Issue.record("expected notJSONOrYAML, got \(problem)")
            return
        }
        #expect(line >= 4)
        #expect(!reason.isEmpty)
        #expect(problem.description.hasPrefix("The description is not JSON or YAML: line \(line), column "))
        let tabs = try #require(error("openapi: 3.0.0\ninfo:\n\ttitle: x\n"))
        guard case .notJSONOrYAML(3, _, _) = tabs else {
            Issue.record("expected line 3, got \(tabs)")
            return
        }
    }

    @Test("JSON that does not parse is told with its line and column")
    func brokenJSON() {
        #expect(
            error("{\"openapi\": \"3.1.0\",\n  \"info\": }")
                == .notJSONOrYAML(line: 2, column: 11, reason: "expected a value but found \"}\""))
    }

    @Test("JSON or YAML that is no description")
    func notADescription() {
        #expect(
            error(#"{"name": "not a description"}"#)
                == .notADescription(reason: "it has no “openapi” or “swagger” key at its top level"))
        #expect(error("[1, 2]") == .notADescription(reason: "its top level is not a mapping of keys to values"))
        #expect(
            error("just some words") == .notADescription(reason: "its top level is not a mapping of keys to values"))
        #expect(error("") == .notADescription(reason: "the document is empty"))
        #expect(
            error("name: x\n")?.description
                == "The document is not an OpenAPI or Swagger description: it has no “openapi” or “swagger” key at its top level."
        )
    }

    @Test("versions the reader does not know are refused; 3.2 is read as 3.1 with a warning")
    func versions() throws {
        #expect(
            error("openapi: 4.0.0\ninfo: {title: t, version: '1'}\n")
                == .notADescription(
                    reason: "its version “4.0.0” is not one the reader knows (Swagger 2.0, OpenAPI 3.0, 3.1 and 3.2)"))
        #expect(
            error(#"{"swagger": "1.2"}"#)
                == .notADescription(
                    reason: "its version “1.2” is not one the reader knows (Swagger 2.0, OpenAPI 3.0, 3.1 and 3.2)"))
        let unquoted = try APIDescription.parse(
            Data("swagger: 2.0\ninfo: {title: t, version: 1}\npaths: {}\n".utf8), sourceURL: nil,
            load: OpenAPIFixtures.noFiles)
        #expect(unquoted.format == .swagger20)
        let next = try APIDescription.parse(
            Data("openapi: 3.2.0\ninfo: {title: t, version: '1'}\n".utf8), sourceURL: nil, load: OpenAPIFixtures.noFiles
        )
        #expect(next.format == .openAPI31)
        #expect(next.warnings == ["openapi: version 3.2.0 is read as 3.1; what 3.2 added is left out"])
        let webhooksOnly = try APIDescription.parse(
            Data(#"{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "webhooks": {}}"#.utf8), sourceURL: nil,
            load: OpenAPIFixtures.noFiles)
        #expect(webhooksOnly.operations.isEmpty)
        #expect(webhooksOnly.warnings.isEmpty)
        #expect(webhooksOnly.servers.map(\.url) == ["/"])
    }

    @Test("a YAML billion laughs is refused, in values and in keys, without hanging")
    func billionLaughs() async throws {
        var text =
            "openapi: 3.0.0\ninfo: {title: t, version: '1'}\nx-lol0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1..<12 {
            let previous = "*a\(level - 1)"
            text += "x-lol\(level): &a\(level) [\(Array(repeating: previous, count: 9).joined(separator: ", "))]\n"
        }
        // Each refusal takes a second of CPU in a debug build: on a thread of its own, so the
        // other tests go on.
        let (inValuesError, inKeysError, explicitKeyError) = try await OffPool.run { [text] in
            (
                Self.error(text + "paths: *a11\n"), Self.error(text + "paths:\n  *a11 : x\n"),
                Self.error(text + "paths:\n  ? [*a11]\n  : x\n")
            )
        }
        let inValues = try #require(inValuesError)
        guard case .notJSONOrYAML(_, _, let reason) = inValues else {
            Issue.record("expected notJSONOrYAML, got \(inValues)")
            return
        }
        #expect(reason.contains("expand"))
        let inKeys = try #require(inKeysError)
        #expect(
            inKeys
                == .notJSONOrYAML(
                    line: 16, column: 1,
                    reason:
                        "an alias of a collection is used in a mapping key, which is refused (it could expand without end)"
                ))
        let explicitKey = try #require(explicitKeyError)
        #expect(explicitKey.description.contains("alias of a collection"))
    }

    @Test("an alias of a plain value as a key, markdown, question marks in text and braces in keys are fine")
    func aliasesThatAreFine() throws {
        let text = """
            openapi: 3.0.0
            info:
              title: &name Shop
              version: '1'
              description: |
                *Note:* the shop is closed on Sundays.
                [link]: https://example.com
              x-fr: "Pourquoi ? Parce que"
            x-names:
              *name : the title again
            paths:
              /items/{id}:
                get:
                  responses:
                    '200': &ok {description: fine}
                    '201': *ok
            """
        let description = try APIDescription.parse(Data(text.utf8), sourceURL: nil, load: OpenAPIFixtures.noFiles)
        #expect(description.title == "Shop")
        #expect(description.operations.first?.responses.map(\.description) == ["fine", "fine"])
    }

    @Test("loading the description itself: a failure is an unreadable reference")
    func unreadable() {
        let url = URL(string: "https://api.example.com/openapi.yaml")!
        #expect(
            throws: APIDescriptionError.unreadableReference(
                uri: url.absoluteString, reason: "\(URLError(.fileDoesNotExist))")
        ) {
            try APIDescription.load(from: url, load: OpenAPIFixtures.noFiles)
        }
    }

    @Test("a structure of the wrong kinds is warned about, not fatal")
    func wrongKinds() throws {
        let text = """
            {"openapi": "3.0.0", "info": "nope", "paths": {"pets": {}, "/a": {"get": 3, "parameters": [{"in": "query"}],
             "post": {"parameters": [{"name": "x", "in": "body"}], "responses": {"200": {"$ref": 5}}}},
             "/b": {"$ref": "#/paths/~1b"}},
             "components": {"securitySchemes": {"odd": {"type": "magic"}, "key": {"type": "apiKey", "in": "body"}}}}
            """
        let description = try APIDescription.parse(Data(text.utf8), sourceURL: nil, load: OpenAPIFixtures.noFiles)
        #expect(description.title == "")
        #expect(description.operations.map(\.id) == ["POST /a"])
        #expect(
            description.warnings == [
                "info: missing, so the description has no title or version",
                "components.securitySchemes.odd: unknown security scheme type “magic”; skipped",
                "components.securitySchemes.key: an apiKey scheme needs a name and an “in” of header, query or cookie; skipped",
                "paths.pets: a path must start with “/”; skipped",
                "paths./a.get: not a mapping; skipped",
                "paths./a.parameters[0]: a parameter needs a name and an “in”; skipped",
                "paths./a.post.parameters[0]: unknown parameter location “body”; skipped",
                "paths./a.post.responses.200: $ref is not a string",
                "paths./b: $ref #/paths/~1b refers to itself in a circle",
            ])
    }
}
