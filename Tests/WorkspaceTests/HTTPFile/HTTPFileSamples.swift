import Testing
import Workspace

/// What one request of a sample file must read as.
struct ExpectedHTTPRequest: Sendable {
    var name: String
    var method: String
    var url: String
    var headers: [String] = []
    var body: HTTPFileBody? = nil
}

/// A `.http` file in one of the usual styles, and what it holds.
struct HTTPFileSample: Sendable, CustomTestStringConvertible {
    var label: String
    var text: String
    var requests: [ExpectedHTTPRequest]
    var variables: [String] = []

    var testDescription: String { label }
}

/// Files written as the JetBrains and VS Code documentation write them, and as people do.
enum HTTPFileSamples {
    static let all: [HTTPFileSample] = [
        HTTPFileSample(
            label: "JetBrains: a titled GET with a client.test handler",
            text: #"""
                ### Get a random joke
                GET https://examples.http-client.intellij.net/get?id=123
                Accept: application/json

                > {%
                    client.test("Request executed successfully", function() {
                        client.assert(response.status === 200, "Response status is not 200");
                    });
                %}

                """#,
            requests: [
                ExpectedHTTPRequest(
                    name: "Get a random joke", method: "GET",
                    url: "https://examples.http-client.intellij.net/get?id=123",
                    headers: ["Accept: application/json"])
            ]),
        HTTPFileSample(
            label: "JetBrains: JSON body, global.set, then a request using the token",
            text: #"""
                POST https://examples.http-client.intellij.net/post
                Content-Type: application/json

                {
                  "id": 999,
                  "value": "content"
                }

                > {% client.global.set("auth_token", response.body.json.token); %}

                ###
                GET https://examples.http-client.intellij.net/headers
                Authorization: Bearer {{auth_token}}

                """#,
            requests: [
                ExpectedHTTPRequest(
                    name: "POST /post", method: "POST", url: "https://examples.http-client.intellij.net/post",
                    headers: ["Content-Type: application/json"],
                    body: .text("{\n  \"id\": 999,\n  \"value\": \"content\"\n}")),
                ExpectedHTTPRequest(
                    name: "GET /headers", method: "GET", url: "https://examples.http-client.intellij.net/headers",
                    headers: ["Authorization: Bearer {{auth_token}}"]),
            ]),
        HTTPFileSample(
            label: "JetBrains: a long query split over indented lines",
            text: #"""
                // Split a long query
                GET http://localhost:80/api/item
                    ?id=99
                    &content=new_element
                    &other=true
                Accept: */*

                """#,
            requests: [
                ExpectedHTTPRequest(
                    name: "GET /api/item", method: "GET",
                    url: "http://localhost:80/api/item?id=99&content=new_element&other=true",
                    headers: ["Accept: */*"])
            ]),
        HTTPFileSample(
            label: "JetBrains: body from a file, directives, redirect and a response reference",
            text: #"""
                ### Upload the fixture
                # @no-redirect
                # @timeout 600
                POST {{host}}/api/items
                Content-Type: application/json

                < ./input.json

                >>! ./out/created.json
                <> 2024-01-05T101010.200.json

                """#,
            requests: [
                ExpectedHTTPRequest(
                    name: "Upload the fixture", method: "POST", url: "{{host}}/api/items",
                    headers: ["Content-Type: application/json"],
                    body: .file(path: "./input.json", fillsVariables: false, encoding: nil))
            ]),
        HTTPFileSample(
            label: "JetBrains: a multipart body with a file part",
            text: #"""
                POST https://examples.http-client.intellij.net/post
                Content-Type: multipart/form-data; boundary=WebAppBoundary

                --WebAppBoundary
                Content-Disposition: form-data; name="element-name"
                Content-Type: text/plain

                Name
                --WebAppBoundary
                Content-Disposition: form-data; name="data"; filename="data.json"
                Content-Type: application/json

                < ./request-form-data.json
                --WebAppBoundary--

                """#,
            requests: [
                ExpectedHTTPRequest(
                    name: "POST /post", method: "POST", url: "https://examples.http-client.intellij.net/post",
                    headers: ["Content-Type: multipart/form-data; boundary=WebAppBoundary"],
                    body: .text(
                        "--WebAppBoundary\nContent-Disposition: form-data; name=\"element-name\"\nContent-Type: text/plain\n\n"
                            + "Name\n--WebAppBoundary\nContent-Disposition: form-data; name=\"data\"; filename=\"data.json\"\n"
                            + "Content-Type: application/json\n\n< ./request-form-data.json\n--WebAppBoundary--"))
            ]),
        HTTPFileSample(
            label: "VS Code: file variables, # @name, request variables, # @prompt",
            text: #"""
                @baseUrl = https://example.com/api
                @contentType = application/json

                # @name login
                POST {{baseUrl}}/api/login HTTP/1.1
                Content-Type: {{contentType}}

                {
                    "name": "foo",
                    "password": "bar"
                }

                ###

                @authToken = {{login.response.headers.X-AuthToken}}

                # @name createComment
                POST {{baseUrl}}/comments HTTP/1.1
                Authorization: {{authToken}}
                Content-Type: application/json

                {
                    "content": "fake content"
                }

                ###

                # @prompt username
                GET {{baseUrl}}/users/{{username}} HTTP/1.1

                """#,
            requests: [
                ExpectedHTTPRequest(
                    name: "login", method: "POST", url: "{{baseUrl}}/api/login",
                    headers: ["Content-Type: {{contentType}}"],
                    body: .text("{\n    \"name\": \"foo\",\n    \"password\": \"bar\"\n}")),
                ExpectedHTTPRequest(
                    name: "createComment", method: "POST", url: "{{baseUrl}}/comments",
                    headers: ["Authorization: {{authToken}}", "Content-Type: application/json"],
                    body: .text("{\n    \"content\": \"fake content\"\n}")),
                ExpectedHTTPRequest(
                    name: "GET /users/{{username}}", method: "GET", url: "{{baseUrl}}/users/{{username}}"),
            ],
            variables: [
                "baseUrl = https://example.com/api", "contentType = application/json",
                "authToken = {{login.response.headers.X-AuthToken}}",
            ]),
        HTTPFileSample(
            label: "VS Code: CRLF line breaks, // comments, dynamic variables",
            text: "// Comments with slashes\r\nGET https://example.com/comments/1 HTTP/1.1\r\n"
                + "X-Request-Id: {{$guid}}\r\nX-Time: {{$timestamp -1 d}}\r\n\r\n###\r\n\r\n"
                + "POST https://example.com/comments HTTP/1.1\r\ncontent-type: application/json\r\n\r\n"
                + "{\r\n    \"name\": \"sample\",\r\n    \"time\": \"Wed, 21 Oct 2015 18:27:50 GMT\"\r\n}\r\n",
            requests: [
                ExpectedHTTPRequest(
                    name: "GET /comments/1", method: "GET", url: "https://example.com/comments/1",
                    headers: ["X-Request-Id: {{$guid}}", "X-Time: {{$timestamp -1 d}}"]),
                ExpectedHTTPRequest(
                    name: "POST /comments", method: "POST", url: "https://example.com/comments",
                    headers: ["content-type: application/json"],
                    body: .text(
                        "{\r\n    \"name\": \"sample\",\r\n    \"time\": \"Wed, 21 Oct 2015 18:27:50 GMT\"\r\n}")),
            ]),
        HTTPFileSample(
            label: "VS Code: a GraphQL request with variables",
            text: #"""
                POST https://api.github.com/graphql
                Content-Type: application/json
                Authorization: Bearer {{token}}
                X-REQUEST-TYPE: GraphQL

                query ($name: String!, $owner: String!) {
                  repository(name: $name, owner: $owner) {
                    name
                    fullName: nameWithOwner
                  }
                }

                {
                    "name": "vscode-restclient",
                    "owner": "Huachao"
                }

                """#,
            requests: [
                ExpectedHTTPRequest(
                    name: "POST /graphql", method: "POST", url: "https://api.github.com/graphql",
                    headers: [
                        "Content-Type: application/json", "Authorization: Bearer {{token}}", "X-REQUEST-TYPE: GraphQL",
                    ],
                    body: .text(
                        "query ($name: String!, $owner: String!) {\n  repository(name: $name, owner: $owner) {\n    name\n"
                            + "    fullName: nameWithOwner\n  }\n}\n\n{\n    \"name\": \"vscode-restclient\",\n"
                            + "    \"owner\": \"Huachao\"\n}"))
            ]),
        HTTPFileSample(
            label: "VS Code: a form body over several lines, no line break at the end of the file",
            text: "POST https://api.example.com/login HTTP/1.1\nContent-Type: application/x-www-form-urlencoded\n\n"
                + "name=foo\n&password=bar",
            requests: [
                ExpectedHTTPRequest(
                    name: "POST /login", method: "POST", url: "https://api.example.com/login",
                    headers: ["Content-Type: application/x-www-form-urlencoded"], body: .text("name=foo\n&password=bar")
                )
            ]),
        HTTPFileSample(
            label: "empty requests between separators, #### separators, a title with no request",
            text: #"""
                ###

                ###

                ### List users
                GET {{host}}/users

                ###

                #### Trailing separator

                """#,
            requests: [ExpectedHTTPRequest(name: "List users", method: "GET", url: "{{host}}/users")]),
        HTTPFileSample(
            label: "VS Code: a URL alone, <@ and <@latin1 body files, $processEnv",
            text: #"""
                https://example.com/ping

                ###
                PUT https://example.com/upload?user={{$processEnv USER}}
                Content-Type: application/json

                <@ ./template.json

                ###
                POST https://example.com/latin
                Content-Type: text/plain

                <@latin1 ./latin1.txt

                """#,
            requests: [
                ExpectedHTTPRequest(name: "GET /ping", method: "GET", url: "https://example.com/ping"),
                ExpectedHTTPRequest(
                    name: "PUT /upload", method: "PUT", url: "https://example.com/upload?user={{$processEnv USER}}",
                    headers: ["Content-Type: application/json"],
                    body: .file(path: "./template.json", fillsVariables: true, encoding: nil)),
                ExpectedHTTPRequest(
                    name: "POST /latin", method: "POST", url: "https://example.com/latin",
                    headers: ["Content-Type: text/plain"],
                    body: .file(path: "./latin1.txt", fillsVariables: true, encoding: "latin1")),
            ]),
        HTTPFileSample(
            label: "JetBrains: a pre-request script and a handler with captures, assertions and a log",
            text: #"""
                ### Search
                < {%
                    request.variables.set("q", "ada")
                %}
                GET {{base}}/search?q={{q}}&limit={{$random.integer(1, 10)}}

                > {%
                client.test("Results", function () {
                    client.assert(response.status === 200, "status");
                    client.assert(response.contentType.mimeType === "application/json");
                    client.assert(response.body.items.length > 0, "some items");
                    client.assert(response.headers.valueOf("X-Total").includes("1"));
                });
                console.log(response.body);
                client.global.set("first", response.body.items[0].id);
                client.global.set("etag", response.headers.valueOf("ETag"));
                %}

                """#,
            requests: [
                ExpectedHTTPRequest(
                    name: "Search", method: "GET", url: "{{base}}/search?q={{q}}&limit={{$random.integer(1, 10)}}")
            ]),
        HTTPFileSample(
            label: "hammock: checks written as directives",
            text: #"""
                ### Create a user
                # @capture id = $.id
                # @assert status == 201
                # @assert $.name == "Ada"
                # @retry 3 500ms
                # @fresh 10m
                POST {{base}}/users
                Content-Type: application/json

                {"name": "Ada"}

                """#,
            requests: [
                ExpectedHTTPRequest(
                    name: "Create a user", method: "POST", url: "{{base}}/users",
                    headers: ["Content-Type: application/json"],
                    body: .text(#"{"name": "Ada"}"#))
            ]),
        HTTPFileSample(
            label: "a byte order mark, # @name=, // @name, comments among headers, lower-case method",
            text: "\u{FEFF}# @name=first\nget https://example.com/a\n# Accept: text/plain\nAccept: application/json\n\n"
                + "###\n// @name second\nDELETE https://example.com/b/{{id}}   \nIf-Match:   \"abc\"  \n",
            requests: [
                ExpectedHTTPRequest(
                    name: "first", method: "GET", url: "https://example.com/a", headers: ["Accept: application/json"]),
                ExpectedHTTPRequest(
                    name: "second", method: "DELETE", url: "https://example.com/b/{{id}}",
                    headers: ["If-Match: \"abc\""]),
            ]),
        HTTPFileSample(
            label: "a handler right after the request line, a comment-only tail, lone CR line breaks",
            text: "GET https://example.com/health\r> {% client.assert(response.status == 200) %}\r\r# the end\r",
            requests: [ExpectedHTTPRequest(name: "GET /health", method: "GET", url: "https://example.com/health")]),
    ]
}
