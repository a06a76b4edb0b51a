import Testing

@testable import Workspace

@Suite("Templates: {{variables}}, {{env:NAME}}, escapes and resolution")
struct TemplateTests {
    private let definition = RequestDefinition(
        method: "POST", url: "{{base}}/users/{{ id }}?q={{env:QUERY}}",
        headers: [
            HeaderField(name: "X-Trace", value: "{{trace}}"),
            HeaderField(name: "X-{{header}}", value: "fixed"),
            HeaderField(name: "Accept", value: "application/json"),
        ],
        body: "{\"id\": \"{{id}}\", \"who\": \"{{\tenv:USER\t}}\", \"literal\": \"\\{{id}}\"}\n", bodyKind: .json)

    @Test("every placeholder is filled: variables, env:, whitespace inside braces, escapes")
    func resolved() throws {
        let resolver = VariableResolver(
            variables: ["base": "https://api.example.com", "id": "42", "trace": "t-1", "header": "Custom"],
            processEnvironment: ["QUERY": "a b", "USER": "ada"])
        let resolved = try resolver.resolve(definition)
        #expect(resolved.url == "https://api.example.com/users/42?q=a b")
        #expect(
            resolved.headers == [
                HeaderField(name: "X-Trace", value: "t-1"), HeaderField(name: "X-Custom", value: "fixed"),
                HeaderField(name: "Accept", value: "application/json"),
            ])
        #expect(resolved.body == "{\"id\": \"42\", \"who\": \"ada\", \"literal\": \"{{id}}\"}\n")
        #expect(resolved.method == "POST")
        #expect(resolved.bodyKind == .json)
    }

    @Test("the error names every unresolved variable and where it is used")
    func unresolvedListed() {
        let resolver = VariableResolver(variables: ["base": "https://x"], processEnvironment: [:])
        #expect {
            try resolver.resolve(definition)
        } throws: { error in
            guard let error = error as? UnresolvedVariablesError else { return false }
            return error.missing.map(\.reference) == [
                .variable("id"), .processEnvironment("QUERY"), .variable("trace"), .variable("header"),
                .processEnvironment("USER"),
            ]
                && error.missing[0].places == [.url, .body]
                && error.message
                    == "5 variables have no value: id (the URL, the body), env:QUERY (the URL; the process environment "
                    + "has no QUERY), trace (header X-Trace), header (header X-{{header}}), env:USER (the body; the "
                    + "process environment has no USER)."
        }
    }

    @Test("values are inserted as they are, never expanded again")
    func noReexpansion() throws {
        let resolver = VariableResolver(variables: ["a": "{{b}}", "b": "B", "c": "\\{{b}}"])
        #expect(try resolver.resolve("{{a}}|{{c}}|{{b}}", in: .body) == "{{b}}|\\{{b}}|B")
    }

    @Test("text that is not a placeholder stays as written")
    func literalBraces() throws {
        let resolver = VariableResolver(variables: ["x": "X"])
        let cases: [(String, String)] = [
            ("{{{x}}}", "{X}"),
            ("{{ not a name }}", "{{ not a name }}"),
            ("{{x", "{{x"),
            ("{{}}", "{{}}"),
            ("{\"a\":{\"b\":1}}", "{\"a\":{\"b\":1}}"),
            ("\\{{x}} and \\x and \\{ {{x}}", "{{x}} and \\x and \\{ X"),
            ("{{env:}} {{env:1A}}", "{{env:}} {{env:1A}}"),
            ("{{ x }}{{\tx}}", "XX"),
            ("👍{{x}}é", "👍Xé"),
        ]
        for (text, expected) in cases {
            #expect(try resolver.resolve(text, in: .body) == expected, "template: \(text)")
        }
    }

    @Test("the variables a definition uses are listed once each with their places; escapes are not uses")
    func listsUses() {
        let uses = definition.variableUses
        #expect(
            uses.map(\.reference.description) == ["base", "id", "env:QUERY", "trace", "header", "env:USER"])
        #expect(uses.first { $0.reference == .variable("id") }?.places == [.url, .body])
        #expect(uses.first { $0.reference == .variable("header") }?.places == [.header("X-{{header}}")])
        #expect(uses[0].summary == "base (the URL)")
        #expect(RequestDefinition(method: "GET", url: "/plain").variableUses.isEmpty)
    }

    @Test("parsing splits literal text and references")
    func segments() {
        #expect(
            Template("a{{b}}c\\{{d}}").segments == [
                .literal("a"), .reference(.variable("b")), .literal("c{{d}}"),
            ])
        #expect(Template("").segments.isEmpty)
        #expect(Template.isVariableName("user.id-2"))
        #expect(!Template.isVariableName("-x"))
        #expect(!Template.isVariableName("a b"))
    }
}
