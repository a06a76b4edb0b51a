import Testing
import Workspace

@Suite(".http requests become hammock requests and back")
struct HTTPFileMappingTests {
    private func saved(_ text: String, at index: Int = 0) throws -> HTTPFileSavedRequest {
        try HTTPFileDocument.parse(text, file: "api.http").requests[index].toSaved()
    }

    @Test("the name comes from # @name, then the ### title, then METHOD and path")
    func names() throws {
        #expect(try saved("### Title\n# @name login\nPOST /login\n").name == "login")
        #expect(try saved("### List the users \nGET /users\n").name == "List the users")
        #expect(try saved("get https://api.test/v1/users?page=2\n").name == "GET /v1/users")
        #expect(try saved("DELETE {{base}}/users/{{id}}\n").name == "DELETE /users/{{id}}")
        #expect(try saved("api.test\n").name == "GET /")
    }

    @Test("the body kind follows the body line and the content type")
    func bodyKinds() throws {
        func kind(_ contentType: String?, _ body: String) throws -> (RequestBodyKind?, String?) {
            let header = contentType.map { "Content-Type: \($0)\n" } ?? ""
            let definition = try saved("POST /x\n\(header)\n\(body)\n").definition
            return (definition.bodyKind, definition.body)
        }
        #expect(try kind("application/json; charset=utf-8", "{}") == (.json, "{}"))
        #expect(try kind("application/vnd.api+json", "{}") == (.json, "{}"))
        #expect(try kind("application/x-www-form-urlencoded", "a=1\n&b=2") == (.form, "a=1\n&b=2"))
        #expect(try kind("text/plain", "hello") == (.text, "hello"))
        #expect(try kind(nil, "hello") == (.text, "hello"))
        #expect(try kind("application/json", "< ./body.json") == (.file, "./body.json"))
        #expect(try kind("multipart/form-data; boundary=b", "--b\n\nx\n--b--") == (.text, "--b\n\nx\n--b--"))
        #expect(try saved("GET /x\n").definition.body == nil)
    }

    @Test("notes name the file and line of what did not carry over")
    func notes() throws {
        let text = """
            # @no-redirect
            # @prompt username
            < ./setup.js
            POST {{base}}/upload
            Content-Type: multipart/form-data; boundary=b

            --b
            --b--

            > ./check.js
            >> ./out.json
            """
        let notes = try saved(text).notes
        #expect(
            notes == [
                "api.http:4: the multipart body is kept as text with its Content-Type header (and boundary); hammock "
                    + "sends it as written and does not read its “< file” lines",
                "api.http:1: “# @no-redirect” has no hammock equivalent per request (hammock follows redirects up to "
                    + "--max-redirects) and was left out",
                "api.http:2: “# @prompt username” asks for a value when the request is sent; hammock does not ask: give "
                    + "the variable a value in the environment",
                "api.http:3: the pre-request script has no hammock equivalent and was left out",
                "api.http:10: the response handler file ./check.js is not read; its checks were left out",
                "api.http:4: the response is not written to ./out.json (“>>” has no hammock equivalent)",
            ])
        #expect(try saved("PUT /f\n\n<@latin1 ./a.txt\n").notes.count == 2)
        #expect(try saved("GET /plain\nAccept: */*\n").notes.isEmpty)
    }

    @Test("a VS Code GraphQL request becomes the JSON body VS Code sends")
    func graphQL() throws {
        let definition = try saved(
            "POST /graphql\nX-Request-Type: GraphQL\n\nquery Q($id: ID!) {\n  user(id: $id) { name }\n}\n\n{\"id\": \"1\"}\n"
        ).definition
        #expect(definition.bodyKind == .json)
        #expect(definition.headers == [HeaderField(name: "Content-Type", value: "application/json")])
        #expect(
            definition.body
                == #"{"query": "query Q($id: ID!) {\n  user(id: $id) { name }\n}", "variables": {"id": "1"}}"#)
    }

    @Test("a GraphQL request without variables sends empty ones; a path with a Host header goes to that host")
    func vsCodeRequestShapes() throws {
        let graphQL = try saved("POST /graphql\nX-Request-Type: GraphQL\n\n{ viewer { login } }\n").definition
        #expect(graphQL.body == #"{"query": "{ viewer { login } }", "variables": {}}"#)
        let hosted = try saved("GET /api/items?x=1\nHost: example.com:8443\n")
        #expect(hosted.definition.url == "https://example.com:8443/api/items?x=1")
        #expect(
            hosted.notes == [
                "api.http:1: the path /api/items?x=1 with the Host header example.com:8443 became "
                    + "https://example.com:8443/api/items?x=1, as VS Code sends it"
            ])
        #expect(try saved("GET /a\nHost: example.com\n").definition.url == "http://example.com/a")
    }

    @Test("a hammock request writes as a .http request and reads back as the same request")
    func hammockRoundTrip() throws {
        let checks = RequestChecks(
            captures: [CaptureRule(name: "id", query: "$.id"), CaptureRule(name: "etag", query: "header ETag")],
            assertions: ["status == 201", #"$.name == "Ada""#, "$.tags count >= 1"],
            retry: RetryRule(count: 10, interval: .milliseconds(500)), freshFor: .seconds(600))
        let definitions = [
            RequestDefinition(
                method: "POST", url: "{{base}}/users",
                headers: [
                    HeaderField(name: "Content-Type", value: "application/json"),
                    HeaderField(name: "X-A", value: "{{a}}"),
                ],
                body: "{\"name\": \"Ada\"}", bodyKind: .json),
            RequestDefinition(method: "GET", url: "https://api.test/health"),
            RequestDefinition(method: "PUT", url: "/blob", body: "{{dir}}/big.bin", bodyKind: .file),
            RequestDefinition(
                method: "POST", url: "/form",
                headers: [HeaderField(name: "Content-Type", value: "application/x-www-form-urlencoded")],
                body: "a=1&b=2", bodyKind: .form),
            RequestDefinition(
                method: "POST", url: "/note", headers: [HeaderField(name: "Content-Type", value: "text/plain")],
                body: "line one\n\nline three", bodyKind: .text),
        ]
        for definition in definitions {
            let request = HTTPFileRequest(name: "Create a user", definition: definition, checks: checks)
            let document = try HTTPFileDocument().appending(request)
            let back = try HTTPFileDocument.parse(document.text).requests[0].toSaved()
            #expect(back.name == "Create a user")
            #expect(back.definition == definition)
            #expect(back.checks == checks)
            #expect(back.notes.isEmpty)
        }
        let written = try HTTPFileDocument().appending(
            HTTPFileRequest(name: "Create a user", definition: definitions[0], checks: checks)
        ).text
        #expect(
            written == """
                ### Create a user
                # @capture id = $.id
                # @capture etag = header ETag
                # @assert status == 201
                # @assert $.name == "Ada"
                # @assert $.tags count >= 1
                # @retry 10 500ms
                # @fresh 10m
                POST {{base}}/users
                Content-Type: application/json
                X-A: {{a}}

                {"name": "Ada"}

                """)
    }

    @Test("a JSON or form body without a content type gets one; blank lines around a body are dropped")
    func addedContentType() throws {
        let json = HTTPFileRequest(
            name: "J",
            definition: RequestDefinition(method: "POST", url: "/j", body: "\n{\"a\": 1}\n\n", bodyKind: .json),
            checks: .none)
        #expect(json.headers == [HeaderField(name: "Content-Type", value: "application/json")])
        #expect(json.body == .text("{\"a\": 1}"))
        let back = try HTTPFileDocument().appending(json).requests[0].toSaved().definition
        #expect(back.bodyKind == .json && back.body == "{\"a\": 1}")
        let form = HTTPFileRequest(
            name: "F", definition: RequestDefinition(method: "POST", url: "/f", body: "a=1", bodyKind: .form),
            checks: .none)
        #expect(form.headers == [HeaderField(name: "Content-Type", value: "application/x-www-form-urlencoded")])
        let empty = HTTPFileRequest(
            name: "E", definition: RequestDefinition(method: "POST", url: "/e", body: "", bodyKind: .text),
            checks: .none)
        #expect(empty.body == nil)
    }

    @Test("a hammock multipart body becomes multipart/form-data text with files as < lines")
    func multipart() throws {
        let request = HTTPFileRequest(
            name: "Upload",
            definition: RequestDefinition(
                method: "POST", url: "/photos", body: "title=Holiday\nphoto=@~/pictures/a.png;type=image/png",
                bodyKind: .multipart),
            checks: .none)
        #expect(
            request.headers == [
                HeaderField(name: "Content-Type", value: "multipart/form-data; boundary=hammock-boundary")
            ])
        #expect(
            request.body
                == .text(
                    """
                    --hammock-boundary
                    Content-Disposition: form-data; name="title"

                    Holiday
                    --hammock-boundary
                    Content-Disposition: form-data; name="photo"; filename="a.png"
                    Content-Type: image/png

                    < ~/pictures/a.png
                    --hammock-boundary--
                    """))
        let back = try HTTPFileDocument().appending(request).requests[0]
        #expect(back == request)
    }

    @Test("an edited hammock request goes back into the request it came from, keeping what hammock does not model")
    func updated() throws {
        let text = """
            ### Search
            // @no-cookie-jar
            GET {{base}}/search?q=ada
            Accept: application/json

            > {%
                client.assert(response.status === 200);
                client.global.set("first", response.body.items[0].id);
            %}
            """
        let document = try HTTPFileDocument.parse(text)
        let original = document.requests[0]
        var saved = original.toSaved()
        #expect(saved.checks.assertions == ["status == 200"])
        #expect(saved.checks.captures == [CaptureRule(name: "first", query: "$.items[0].id")])

        let same = original.updated(name: saved.name, definition: saved.definition, checks: saved.checks)
        #expect(same == original)
        #expect(try document.replacing(requestAt: 0, with: same).text == text)

        saved.definition.url = "{{base}}/search?q=grace"
        saved.checks.assertions.append("$.items count >= 1")
        let edited = original.updated(name: "Search Grace", definition: saved.definition, checks: saved.checks)
        #expect(edited.title == "Search Grace")
        #expect(edited.checks.assertions == ["$.items count >= 1"])
        #expect(edited.responseHandlers == original.responseHandlers)
        #expect(edited.directives == original.directives)
        let rewritten = try document.replacing(requestAt: 0, with: edited)
        #expect(
            rewritten.text == """
                ### Search Grace
                # @no-cookie-jar
                # @assert $.items count >= 1
                GET {{base}}/search?q=grace
                Accept: application/json

                > {%
                    client.assert(response.status === 200);
                    client.global.set("first", response.body.items[0].id);
                %}
                """)
        let reread = try HTTPFileDocument.parse(rewritten.text).requests[0].toSaved()
        #expect(reread.checks.assertions == ["$.items count >= 1", "status == 200"])
        #expect(reread.name == "Search Grace")
    }

    @Test("giving a request back its own values changes nothing, also when a directive repeats a handler's check")
    func updatedWithOwnValues() throws {
        let text = """
            # @assert status == 200
            # @assert $.ok == true
            GET /a b\u{0C}

            > {% client.assert(response.status === 200); %}
            """
        let request = try HTTPFileDocument.parse(text).requests[0]
        let saved = request.toSaved()
        #expect(saved.name == "GET /a b")
        #expect(saved.checks.assertions == ["status == 200", "$.ok == true", "status == 200"])
        #expect(request.updated(name: saved.name, definition: saved.definition, checks: saved.checks) == request)
    }
}
