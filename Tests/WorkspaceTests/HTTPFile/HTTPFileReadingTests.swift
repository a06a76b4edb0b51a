import Testing
import Workspace

@Suite(".http files in both dialects read as their requests and write back byte for byte")
struct HTTPFileReadingTests {
    @Test("each sample reads as the requests it holds", arguments: HTTPFileSamples.all)
    func reads(sample: HTTPFileSample) throws {
        let document = try HTTPFileDocument.parse(sample.text, file: "sample.http")
        let saved = document.requests.map { $0.toSaved() }
        try #require(saved.count == sample.requests.count, "\(document.requests)")
        for (request, expected) in zip(zip(document.requests, saved), sample.requests) {
            #expect(request.1.name == expected.name)
            #expect(request.1.definition.method == expected.method)
            #expect(request.0.url == expected.url)
            #expect(request.0.headers.map { "\($0.name): \($0.value)" } == expected.headers)
            #expect(request.0.body == expected.body)
        }
        #expect(document.fileVariables.map { "\($0.name) = \($0.value)" } == sample.variables)
    }

    @Test("each sample's text comes back byte for byte", arguments: HTTPFileSamples.all)
    func writesBack(sample: HTTPFileSample) throws {
        let document = try HTTPFileDocument.parse(sample.text)
        #expect(Array(document.text.utf8) == Array(sample.text.utf8))
        let again = try HTTPFileDocument.parse(document.text)
        #expect(again == document)
    }

    @Test("each sample's requests, written anew one by one, read back equal", arguments: HTTPFileSamples.all)
    func rewritesEachRequest(sample: HTTPFileSample) throws {
        let document = try HTTPFileDocument.parse(sample.text)
        var fresh = HTTPFileDocument()
        for request in document.requests { fresh = try fresh.appending(request) }
        #expect(fresh.requests == document.requests)
        #expect(try HTTPFileDocument.parse(fresh.text) == fresh)
    }

    @Test("directives, scripts, references and the redirect are kept in the model")
    func partsAroundTheRequest() throws {
        let text = HTTPFileSamples.all[3].text
        let request = try #require(try HTTPFileDocument.parse(text).requests.first)
        #expect(request.title == "Upload the fixture")
        #expect(
            request.directives == [
                HTTPFileDirective(name: "no-redirect"), HTTPFileDirective(name: "timeout", value: "600"),
            ])
        #expect(request.outputRedirect == HTTPFileOutputRedirect(path: "./out/created.json", overwrites: true))
        #expect(request.responseReferences == ["2024-01-05T101010.200.json"])
        #expect(request.line == 4)

        let search = try #require(try HTTPFileDocument.parse(HTTPFileSamples.all[11].text).requests.first)
        #expect(search.preRequestScripts == [.inline("\n    request.variables.set(\"q\", \"ada\")\n")])
        guard case .inline(let handler)? = search.responseHandlers.first else {
            Issue.record("no inline handler")
            return
        }
        #expect(handler.hasPrefix("\nclient.test(\"Results\"") && handler.hasSuffix("valueOf(\"ETag\"));\n"))
    }

    @Test("hammock's directives read into checks; comments keep their place in the list")
    func checksAndComments() throws {
        let request = try #require(try HTTPFileDocument.parse(HTTPFileSamples.all[12].text).requests.first)
        #expect(request.checks.captures == [CaptureRule(name: "id", query: "$.id")])
        #expect(request.checks.assertions == ["status == 201", #"$.name == "Ada""#])
        #expect(request.checks.retry == RetryRule(count: 3, interval: .milliseconds(500)))
        #expect(request.checks.freshFor == .seconds(600))
        let bom = try HTTPFileDocument.parse(HTTPFileSamples.all[13].text).requests
        #expect(bom[0].name == "first" && bom[0].method == "get" && bom[0].comments == ["# Accept: text/plain"])
        #expect(bom[1].name == "second")
        let tail = try HTTPFileDocument.parse(HTTPFileSamples.all[14].text).requests
        #expect(tail[0].comments == ["# the end"] && tail[0].body == nil && tail[0].responseHandlers.count == 1)
    }

    @Test("a body keeps inner blank lines and comment-looking lines; blank lines around it are not part of it")
    func bodyEdges() throws {
        let text = "POST /x\n\n\n  \n# not a comment\n\n{\"a\": 1}\n  \n\n\n###\n"
        let request = try #require(try HTTPFileDocument.parse(text).requests.first)
        #expect(request.body == .text("# not a comment\n\n{\"a\": 1}"))
        #expect(try HTTPFileDocument.parse(text).text == text)
    }

    @Test("the request line: method, URL and version in their forms")
    func requestLines() throws {
        func read(_ line: String) throws -> (String, String, String?) {
            let request = try #require(try HTTPFileDocument.parse(line).requests.first)
            return (request.method, request.url, request.httpVersion)
        }
        #expect(try read("GET http://a/b HTTP/1.1") == ("GET", "http://a/b", "HTTP/1.1"))
        #expect(try read("http://a/b HTTP/2") == ("GET", "http://a/b", "HTTP/2"))
        #expect(try read("  PROPFIND  /dav/  ") == ("PROPFIND", "/dav/", nil))
        #expect(try read("OPTIONS *") == ("OPTIONS", "*", nil))
        #expect(try read("post {{base}}/a b c") == ("post", "{{base}}/a b c", nil))
        #expect(try read("GET HTTP/1.1") == ("GET", "HTTP/1.1", nil))
        #expect(try read("GET http://a\n  /b\n  ?x=1 HTTP/1.1\n") == ("GET", "http://a/b?x=1", "HTTP/1.1"))
        #expect(try read("GET http://a\n?x=1\n&y=2\n") == ("GET", "http://a?x=1&y=2", nil))
    }

    @Test("an indented line after a header continues its value")
    func headerContinuation() throws {
        let request = try #require(
            try HTTPFileDocument.parse("GET /\nX-Long: one\n   two\nX-Empty:\n\tthree\n").requests.first)
        #expect(
            request.headers == [
                HeaderField(name: "X-Long", value: "one two"), HeaderField(name: "X-Empty", value: "three"),
            ])
    }
}
