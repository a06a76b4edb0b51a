import Testing
import Workspace

@Suite("JetBrains response handlers become captures and assertions where hammock can say the same")
struct HTTPFileHandlerMappingTests {
    /// What one handler script maps to.
    struct Case: Sendable, CustomTestStringConvertible {
        var script: String
        var captures: [String] = []
        var assertions: [String] = []
        var leftOut: [String] = []
        var testDescription: String { script }
    }

    static let cases: [Case] = [
        Case(script: #"client.global.set("token", response.body.token);"#, captures: ["token ← $.token"]),
        Case(script: #"client.global.set('id', response.body.items[0].id)"#, captures: ["id ← $.items[0].id"]),
        Case(script: #"client.global.set("x", response.body["a-b"].c)"#, captures: ["x ← $['a-b'].c"]),
        Case(script: #"client.global.set("q", response.body["it's"])"#, captures: [#"q ← $['it\'s']"#]),
        Case(script: #"client.global.set("loc", response.headers.valueOf("X-Y"))"#, captures: ["loc ← header X-Y"]),
        Case(script: #"client.global.set("code", response.status)"#, captures: ["code ← status"]),
        Case(script: #"client.global.set("all", response.body)"#, captures: ["all ← body"]),
        Case(
            script: #"client.assert(response.status === 200, "Response status is not 200");"#,
            assertions: ["status == 200"]),
        Case(script: #"client.assert(response.body.name == "Ada")"#, assertions: [#"$.name == "Ada""#]),
        Case(script: #"client.assert(response.body.name !== 'Bob')"#, assertions: [#"$.name != "Bob""#]),
        Case(script: "client.assert(response.body.items.length === 3)", assertions: ["$.items length == 3"]),
        Case(script: "client.assert(500 > response.body.total)", assertions: ["$.total < 500"]),
        Case(script: "client.assert(response.body.balance >= -1.5e2)", assertions: ["$.balance >= -1.5e2"]),
        Case(
            script: "client.assert(response.body.ok === true && response.body.error === null)",
            assertions: ["$.ok == true", "$.error == null"]),
        Case(script: "client.assert(response.body.id !== undefined)", assertions: ["$.id exists"]),
        Case(script: "client.assert(response.body.gone === undefined)", assertions: ["$.gone not exists"]),
        Case(script: #"client.assert(response.body.hasOwnProperty("token"))"#, assertions: ["$.token exists"]),
        Case(
            script: #"client.assert(response.headers.valueOf("Content-Type").includes("json"))"#,
            assertions: [#"header Content-Type contains "json""#]),
        Case(
            script: #"client.assert(response.contentType.mimeType === "application/json")"#,
            assertions: [#"header Content-Type startsWith "application/json""#]),
        Case(
            script: #"client.assert(response.contentType.mimeType !== "text/html")"#,
            assertions: [#"header Content-Type not startsWith "text/html""#]),
        Case(
            script: #"client.assert(response.body.url.startsWith("https://"))"#,
            assertions: [#"$.url startsWith "https://""#]),
        Case(
            script: """
                client.test("Request executed successfully", function() {
                    client.assert(response.status === 200, "Response status is not 200");
                });
                client.test("Has items", () => {
                    client.assert(response.body.items.length > 0);
                    console.log(response.body.items);
                });
                """,
            assertions: ["status == 200", "$.items length > 0"],
            leftOut: ["6: console.log(response.body.items)"]),
        Case(
            script: """

                // keep the token for later
                client.global.set("token", response.body.token)
                console.log(response.body)
                if (response.status !== 200) { throw new Error("failed") }
                client.assert(response.status === 200 || response.status === 201)
                client.assert(response.body.a === response.body.b)
                client.global.set("fixed", "value")
                client.assert(response.body.tags === [1, 2])
                """,
            captures: ["token ← $.token"],
            leftOut: [
                "4: console.log(response.body)",
                #"5: if (response.status !== 200) { throw new Error("failed") }"#,
                "6: client.assert(response.status === 200 || response.status === 201)",
                "7: client.assert(response.body.a === response.body.b)",
                #"8: client.global.set("fixed", "value")"#,
                "9: client.assert(response.body.tags === [1, 2])",
            ]),
    ]

    @Test("each statement maps as the table says, and what it gives reads as hammock's syntax", arguments: cases)
    func maps(example: Case) throws {
        let text = "GET /x\n\n> {%" + example.script + "%}\n"
        let request = try HTTPFileDocument.parse(text, file: "api.http").requests[0]
        let saved = request.toSaved()
        #expect(saved.checks.captures.map { "\($0.name) ← \($0.query)" } == example.captures)
        #expect(saved.checks.assertions == example.assertions)
        let sentences = example.leftOut.map { entry -> String in
            let line = Int(entry.prefix(while: \.isNumber))! + 2
            let statement = entry.drop(while: { $0 != " " }).dropFirst()
            return "api.http:\(line): the handler statement `\(statement)` has no hammock equivalent and was left out"
        }
        #expect(saved.notes == sentences)
        for assertion in saved.checks.assertions {
            #expect(throws: Never.self) { try RunAssertion.parse(assertion) }
        }
        for capture in saved.checks.captures {
            #expect(throws: Never.self) { try RunQuery.parse(capture.query) }
        }
    }

    @Test("a handler that spans lines names the line of each statement left out in the file")
    func linesInFile() throws {
        let text = """
            ### A
            GET /a

            > {%
                client.assert(response.status === 200);
                console.log("done");
            %}

            ### B
            GET /b

            > {% client.log(response.status); %}
            """
        let notes = try HTTPFileDocument.parse(text, file: "api.http").requests.map { $0.toSaved().notes }
        #expect(
            notes[0] == [
                "api.http:6: the handler statement `console.log(\"done\")` has no hammock equivalent and was left out"
            ])
        #expect(
            notes[1] == [
                "api.http:12: the handler statement `client.log(response.status)` has no hammock equivalent and was left out"
            ])
    }
}
