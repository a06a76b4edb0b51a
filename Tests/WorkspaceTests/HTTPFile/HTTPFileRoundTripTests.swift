import Testing
import Workspace

@Suite("Whatever a document holds, its text reads back as the same document")
struct HTTPFileRoundTripTests {
    /// A small deterministic generator (SplitMix64), so a failure repeats.
    struct Generator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }

        mutating func pick<T>(_ values: [T]) -> T { values[Int(next() % UInt64(values.count))] }

        mutating func some<T>(_ values: [T], upTo count: Int) -> [T] {
            (0..<Int(next() % UInt64(count + 1))).map { _ in pick(values) }
        }

        mutating func maybe<T>(_ values: [T]) -> T? { next() % 2 == 0 ? nil : pick(values) }
    }

    static func request(_ random: inout Generator) -> HTTPFileRequest {
        HTTPFileRequest(
            title: random.maybe(["Create", "List the users", "## odd # title", "ümlaut ✓ 👩‍👩‍👧"]),
            name: random.maybe(["login", "a b", ""]),
            method: random.pick(["GET", "post", "PROPFIND", "DELETE", "M-SEARCH"]),
            url: random.pick(["/a", "{{base}}/users?x=1&y=2", "https://h.test/ü?q=a b", "*", "{{$processEnv HOST}}"]),
            httpVersion: random.maybe(["HTTP/1.1", "HTTP/2"]),
            headers: random.some(
                [
                    HeaderField(name: "Accept", value: "*/*"), HeaderField(name: "X-Empty", value: ""),
                    HeaderField(name: "{{h}}", value: "{{v}}"),
                    HeaderField(name: "Content-Type", value: "application/json"),
                    HeaderField(name: "X-Colon", value: "a: b"),
                ], upTo: 3),
            body: random.maybe([
                .text("{\"a\": 1}"), .text("line1\n\n  line3"), .text("a\r\nb"), .text("# not\nbody"),
                .text("--b\n\n< ./f.txt\n--b--"), .file(path: "./body.json", fillsVariables: false, encoding: nil),
                .file(path: "./t.json", fillsVariables: true, encoding: nil),
                .file(path: "./l.txt", fillsVariables: true, encoding: "latin1"),
            ]),
            comments: random.some(["# note", "// other", "#", "  # indented", "## two"], upTo: 2),
            directives: random.some(
                [
                    HTTPFileDirective(name: "no-redirect"), HTTPFileDirective(name: "timeout", value: "10"),
                    HTTPFileDirective(name: "prompt", value: "user Your name"),
                    HTTPFileDirective(name: "x", value: "=y"),
                ], upTo: 2),
            checks: RequestChecks(
                captures: random.some(
                    [CaptureRule(name: "token", query: "$.token"), CaptureRule(name: "etag", query: "header ETag")],
                    upTo: 2),
                assertions: random.some(["status == 200", "$.items count >= 1", "==odd"], upTo: 2),
                retry: random.maybe([
                    RetryRule(count: 3, interval: .milliseconds(250)), RetryRule(count: 0, interval: .seconds(2)),
                ]),
                freshFor: random.maybe([.seconds(600), .milliseconds(1500), .nanoseconds(1)])),
            preRequestScripts: random.some([.inline(" setup() "), .file("./pre.js")], upTo: 1),
            responseHandlers: random.some(
                [.inline(" client.assert(response.status === 200) "), .inline("\n  multi\n  line\n"), .file("./h.js")],
                upTo: 2),
            responseReferences: random.some(["2024-01-01T000000.200.json", "./r.json"], upTo: 2),
            outputRedirect: random.maybe([
                HTTPFileOutputRedirect(path: "./out.json"), HTTPFileOutputRedirect(path: "o", overwrites: true),
            ]))
    }

    @Test("documents built from random requests read back equal, and keep doing so through random edits")
    func randomDocuments() throws {
        var random = Generator(state: 2026)
        for _ in 0..<300 {
            let requests = (0..<Int(random.next() % 4)).map { _ in Self.request(&random) }
            let variables = random.some(
                [
                    EnvironmentVariable(name: "base", value: "http://localhost"),
                    EnvironmentVariable(name: "id", value: "{{$uuid}}"),
                ],
                upTo: 2)
            var document = try HTTPFileDocument(
                requests: requests, fileVariables: variables, lineBreak: random.pick(["\n", "\r\n"]))
            #expect(document.requests == requests)
            #expect(document.fileVariables == variables)
            #expect(try HTTPFileDocument.parse(document.text) == document)
            for _ in 0..<3 where !document.requests.isEmpty {
                let index = Int(random.next() % UInt64(document.requests.count))
                let before = document.requests
                var edited = random.next() % 2 == 0 ? Self.request(&random) : before[index]
                edited.url += "/more"
                document = try document.replacing(requestAt: index, with: edited)
                var expected = before
                expected[index] = edited
                #expect(document.requests == expected)
                #expect(try HTTPFileDocument.parse(document.text) == document)
            }
        }
    }

    @Test("random lines of .http syntax either read back byte for byte or give a problem with a line")
    func randomText() {
        var random = Generator(state: 7)
        let lines = [
            "###", "### Title", "GET /a", "POST {{base}}/users HTTP/1.1", "https://h.test", "Accept: */*", "X:", "",
            "  ", "{\"a\": 1}", "# comment", "// @name x", "# @no-redirect", "@v = 1", "> {% client.assert(true) %}",
            "> {%", "%}", "<> ref.json", ">> out", "< ./body.json", "<@ ./t.json", "    ?x=1", "&y=2", "FOO", "\t",
            "# @assert status == 200", "< {% pre() %}", "--boundary", "###### many",
        ]
        var failures = 0
        for _ in 0..<500 {
            let text = random.some(lines, upTo: 12).joined(separator: random.pick(["\n", "\r\n", "\r"]))
            do {
                let document = try HTTPFileDocument.parse(text)
                #expect(Array(document.text.utf8) == Array(text.utf8))
                #expect(try HTTPFileDocument.parse(document.text) == document)
                var fresh = HTTPFileDocument()
                for request in document.requests { fresh = try fresh.appending(request) }
                #expect(fresh.requests == document.requests)
            } catch {
                failures += 1
                #expect(error.line != nil && error.column != nil)
            }
        }
        #expect(failures > 0 && failures < 500, "both readable and broken texts were tried")
    }
}
