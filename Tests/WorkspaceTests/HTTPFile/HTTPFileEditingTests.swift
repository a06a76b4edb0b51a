import Foundation
import Testing
import Workspace

@Suite("Saving an edited request into a .http file changes only that request's lines")
struct HTTPFileEditingTests {
    static let file = """
        @base = https://api.example.com

        ### List users
        # Lists the first page.
        GET {{base}}/users?page=1
        Accept: application/json

        ### Create a user
        # @name create
        // @no-redirect
        POST {{base}}/users
        Content-Type: application/json

        {"name": "Ada"}

        > {%
            client.global.set("id", response.body.id);
        %}
        <> 2024-01-01T000000.201.json

        ### Delete it
        DELETE {{base}}/users/{{id}}
        """

    @Test("a new URL rewrites the request line only: comments, directives, body and handler stay as written")
    func newURL() throws {
        let document = try HTTPFileDocument.parse(Self.file)
        var edited = document.requests[1]
        edited.url = "{{base}}/v2/users"
        let saved = try document.replacing(requestAt: 1, with: edited)
        #expect(saved.text == Self.file.replacingOccurrences(of: "POST {{base}}/users", with: "POST {{base}}/v2/users"))
        #expect(saved.requests[1] == edited)
        #expect(saved.requests[0] == document.requests[0] && saved.requests[2] == document.requests[2])
    }

    @Test("new checks rewrite the lines before the request line; the message and handler stay")
    func newChecks() throws {
        let document = try HTTPFileDocument.parse(Self.file)
        var edited = document.requests[0]
        edited.checks.assertions = ["status == 200"]
        let saved = try document.replacing(requestAt: 0, with: edited)
        #expect(
            saved.text
                == Self.file.replacingOccurrences(
                    of: "# Lists the first page.\n", with: "# Lists the first page.\n# @assert status == 200\n"))
    }

    @Test("an unchanged request leaves the document as it is; the last request without a final line break keeps none")
    func unchangedAndLast() throws {
        let document = try HTTPFileDocument.parse(Self.file)
        #expect(try document.replacing(requestAt: 2, with: document.requests[2]).text == Self.file)
        var edited = document.requests[2]
        edited.headers = [HeaderField(name: "If-Match", value: "\"v1\"")]
        let saved = try document.replacing(requestAt: 2, with: edited)
        #expect(saved.text.hasSuffix("DELETE {{base}}/users/{{id}}\nIf-Match: \"v1\""))
        #expect(saved.text.hasPrefix(Self.file.components(separatedBy: "### Delete it")[0]))
    }

    @Test("a body added where comments followed the request is written so that it reads back")
    func bodyBeforeComments() throws {
        let text = "GET /a\n\n# about the next one\n\n###\nGET /b\n"
        let document = try HTTPFileDocument.parse(text)
        #expect(document.requests[0].comments == ["# about the next one"])
        var edited = document.requests[0]
        edited.method = "POST"
        edited.body = .text("hello")
        let saved = try document.replacing(requestAt: 0, with: edited)
        #expect(saved.requests[0] == edited)
        #expect(saved.text.hasSuffix("\n###\nGET /b\n"))
    }

    @Test("CRLF files get CRLF lines")
    func crlf() throws {
        let text = "GET /a\r\nAccept: */*\r\n\r\n###\r\nGET /b\r\n"
        let document = try HTTPFileDocument.parse(text)
        var edited = document.requests[0]
        edited.headers.append(HeaderField(name: "X-A", value: "1"))
        #expect(
            try document.replacing(requestAt: 0, with: edited).text
                == "GET /a\r\nAccept: */*\r\nX-A: 1\r\n\r\n###\r\nGET /b\r\n")
    }

    @Test("a request the format cannot hold is refused with the reason, never written")
    func unwritable() throws {
        let document = try HTTPFileDocument.parse(Self.file, file: "api.http")
        var edited = document.requests[0]
        edited.headers = [HeaderField(name: "X-Two", value: "line one\nline two")]
        #expect(throws: HTTPFileProblem.self) { try document.replacing(requestAt: 0, with: edited) }
        do {
            _ = try document.replacing(requestAt: 0, with: edited)
        } catch {
            #expect(error.description.hasPrefix("api.http: the header “X-Two: line one line two” cannot be written"))
        }
        var separatorInBody = document.requests[1]
        separatorInBody.body = .text("a\n### b")
        do {
            _ = try document.replacing(requestAt: 1, with: separatorInBody)
            Issue.record("a body line starting with ### was written")
        } catch {
            #expect(error.reason.hasPrefix("the body cannot be written into a .http file as it is"))
        }
        var noURL = document.requests[1]
        noURL.url = "  "
        #expect(throws: HTTPFileProblem.self) { try document.replacing(requestAt: 1, with: noURL) }
    }

    @Test("appending adds a block after a blank line; a new document starts with its variables")
    func appending() throws {
        var document = try HTTPFileDocument(
            requests: [HTTPFileRequest(title: "Ping", url: "{{base}}/ping")],
            fileVariables: [EnvironmentVariable(name: "base", value: "http://localhost:8080")])
        #expect(document.text == "@base = http://localhost:8080\n\n### Ping\nGET {{base}}/ping\n")
        document = try document.appending(HTTPFileRequest(method: "POST", url: "/echo", body: .text("hi")))
        #expect(document.text.hasSuffix("GET {{base}}/ping\n\n###\nPOST /echo\n\nhi\n"))
        #expect(try HTTPFileDocument().appending(HTTPFileRequest(url: "/x")).text == "GET /x\n")
        #expect(throws: HTTPFileProblem.self) {
            try HTTPFileDocument(requests: [], fileVariables: [EnvironmentVariable(name: "a b", value: "1")])
        }
    }

    @Test("a byte order mark stays at the start of the file whatever the first request becomes")
    func byteOrderMark() throws {
        let document = try HTTPFileDocument.parse("\u{FEFF}# @name=first\nGET /a\n")
        var renamed = document.requests[0]
        renamed.name = "second"
        #expect(
            Array(try document.replacing(requestAt: 0, with: renamed).text.utf8)
                == Array("\u{FEFF}# @name second\nGET /a\n".utf8))
        var titled = document.requests[0]
        titled.title = "First"
        titled.url = "/b"
        let saved = try document.replacing(requestAt: 0, with: titled)
        #expect(Array(saved.text.utf8) == Array("\u{FEFF}### First\n# @name=first\nGET /b\n".utf8))
        #expect(saved.requests == [titled])
    }
}
