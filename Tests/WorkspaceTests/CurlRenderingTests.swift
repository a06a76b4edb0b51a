import Testing

@testable import Workspace

/// A request that must survive being written as a command and read back.
struct CurlRoundTripCase: Sendable, CustomTestStringConvertible {
    let name: String
    let definition: RequestDefinition

    var testDescription: String { name }
}

private let roundTripCases: [CurlRoundTripCase] = [
    CurlRoundTripCase(name: "plain GET", definition: RequestDefinition(method: "GET", url: "https://example.com/a")),
    CurlRoundTripCase(
        name: "quotes everywhere",
        definition: RequestDefinition(
            method: "POST", url: "https://example.com/it's?q=\"x\"",
            headers: [
                HeaderField(name: "X-Quote", value: #"it's "quoted" ''"#),
                HeaderField(name: "Content-Type", value: "text/plain"),
            ],
            body: #"{"say":"it's \"fine\"", "q":'single'}"#, bodyKind: .text)),
    CurlRoundTripCase(
        // Found by fuzzing: a combining mark right after "://" joins the slash into one
        // character, and the scheme went unseen, so "http://" was added a second time.
        name: "a combining mark after the scheme",
        definition: RequestDefinition(method: "GET", url: "http://\u{065A}x/")),
    CurlRoundTripCase(
        // Found by fuzzing: "curl.exe " anywhere in the text was taken for a Windows command, whose
        // quoting has no $'…', so a header written with $'…' did not read back.
        name: "curl.exe in the URL and a control character in a header",
        definition: RequestDefinition(
            method: "GET", url: "http://curl.exe/", headers: [HeaderField(name: "X-Bell", value: "a\u{7}b")])),
    CurlRoundTripCase(
        // Found by fuzzing: a line of a quoted value ending in "^" made the command read as a
        // Windows one; such values are written with $'…' and \n.
        name: "a body line that ends in a caret",
        definition: RequestDefinition(
            method: "POST", url: "https://example.com/",
            headers: [HeaderField(name: "Content-Type", value: "text/plain")], body: "first line ^\nsecond",
            bodyKind: .text)),
    CurlRoundTripCase(
        name: "unicode",
        definition: RequestDefinition(
            method: "PUT", url: "https://example.com/名前?city=São Paulo",
            headers: [
                HeaderField(name: "X-Name", value: "Zoë 😀"),
                HeaderField(name: "Content-Type", value: "application/json"),
            ],
            body: #"{"name":"名前","emoji":"😀","combining":"e\#u{301}"}"#, bodyKind: .json)),
    CurlRoundTripCase(
        name: "newlines, tabs and CRLF in the body",
        definition: RequestDefinition(
            method: "POST", url: "https://example.com/text",
            headers: [HeaderField(name: "Content-Type", value: "text/plain")],
            body: "line 1\nline 2\r\n\tindented\n\n", bodyKind: .text)),
    CurlRoundTripCase(
        name: "dollars, backticks and command substitution stay text",
        definition: RequestDefinition(
            method: "POST", url: "https://example.com/$PATH?x=$(id)",
            headers: [HeaderField(name: "Authorization", value: "Bearer $TOKEN")],
            body: "price=$5&cmd=`rm -rf /`&s=$(date)",
            bodyKind: .form)),
    CurlRoundTripCase(
        name: "backslashes",
        definition: RequestDefinition(
            method: "POST", url: "https://example.com/path\\to",
            headers: [HeaderField(name: "X-Path", value: #"C:\new\table"#)],
            body: #"{"regex":"\\d+\\.\\d*","unc":"\\\\server\\share\"}"#, bodyKind: .form)),
    CurlRoundTripCase(
        name: "empty header values and an empty body",
        definition: RequestDefinition(
            method: "POST", url: "https://example.com/e",
            headers: [HeaderField(name: "X-Empty", value: ""), HeaderField(name: "X-Also-Empty", value: "")], body: "",
            bodyKind: .form)),
    CurlRoundTripCase(
        name: "control characters",
        definition: RequestDefinition(
            method: "POST", url: "https://example.com/c",
            headers: [HeaderField(name: "Content-Type", value: "text/plain")],
            body: "bell\u{07} esc\u{1B}[1m nul-free \u{7F} c1\u{85} it's", bodyKind: .text)),
    CurlRoundTripCase(
        name: "a body that looks like a file or an option",
        definition: RequestDefinition(
            method: "POST", url: "https://example.com/at", body: "@/etc/passwd", bodyKind: .form)),
    CurlRoundTripCase(
        name: "a body starting with a dash and holding !",
        definition: RequestDefinition(
            method: "POST", url: "https://example.com/d", body: "-d x! !! !$", bodyKind: .form)),
    CurlRoundTripCase(
        name: "URL with & ; | and brackets",
        definition: RequestDefinition(method: "GET", url: "https://example.com/a?x[]=1&y={2};z=|3|#frag")),
    CurlRoundTripCase(
        name: "HEAD",
        definition: RequestDefinition(method: "HEAD", url: "https://example.com/h")),
    CurlRoundTripCase(
        name: "GET with a body",
        definition: RequestDefinition(method: "GET", url: "https://example.com/search", body: "q=1", bodyKind: .form)),
    CurlRoundTripCase(
        name: "POST without a body",
        definition: RequestDefinition(method: "POST", url: "https://example.com/trigger")),
    CurlRoundTripCase(
        name: "DELETE with JSON",
        definition: RequestDefinition(
            method: "DELETE", url: "https://example.com/items",
            headers: [HeaderField(name: "Content-Type", value: "application/merge-patch+json")],
            body: #"{"ids":[1,2]}"#,
            bodyKind: .json)),
    CurlRoundTripCase(
        name: "repeated headers, Accept-Encoding and Cookie",
        definition: RequestDefinition(
            method: "GET", url: "https://example.com/r",
            headers: [
                HeaderField(name: "Accept", value: "text/html"), HeaderField(name: "Accept", value: "application/json"),
                HeaderField(name: "Accept-Encoding", value: "br"), HeaderField(name: "Cookie", value: "a=1; b=2"),
            ])),
    CurlRoundTripCase(
        name: "a header value with a colon and trailing blanks",
        definition: RequestDefinition(
            method: "GET", url: "https://example.com/t", headers: [HeaderField(name: "X-Time", value: "12:30:00  ")])),
]

@Suite("Writing requests as curl commands")
struct CurlRenderingTests {
    @Test("a simple GET is just curl and the URL")
    func simple() {
        #expect(
            CurlCommand.render(RequestDefinition(method: "GET", url: "https://example.com/a"), masked: false)
                == "curl https://example.com/a")
    }

    @Test("-X only when curl would pick another method; -I for a HEAD")
    func methods() {
        let url = "https://x/a"
        #expect(
            CurlCommand.render(RequestDefinition(method: "POST", url: url, body: "a"), masked: false)
                == "curl https://x/a --data-raw a")
        #expect(
            CurlCommand.render(RequestDefinition(method: "PUT", url: url, body: "a"), masked: false)
                == "curl -X PUT https://x/a --data-raw a")
        #expect(
            CurlCommand.render(RequestDefinition(method: "POST", url: url), masked: false) == "curl -X POST https://x/a"
        )
        #expect(
            CurlCommand.render(RequestDefinition(method: "GET", url: url, body: "a"), masked: false)
                == "curl -X GET https://x/a --data-raw a")
        #expect(CurlCommand.render(RequestDefinition(method: "HEAD", url: url), masked: false) == "curl -I https://x/a")
    }

    @Test("words are single-quoted when needed, quotes as '\\''")
    func quoting() {
        let definition = RequestDefinition(
            method: "POST", url: "https://x/a?b=1&c=2",
            headers: [HeaderField(name: "X-Empty", value: ""), HeaderField(name: "X-Q", value: "it's")],
            body: #"{"a":"it's"}"#, bodyKind: .form)
        #expect(
            CurlCommand.render(definition, masked: false)
                == #"curl 'https://x/a?b=1&c=2' -H 'X-Empty;' -H 'X-Q: it'\''s' --data-raw '{"a":"it'\''s"}'"#)
    }

    @Test("a JSON or text body without a Content-Type gets one; a form body does not")
    func contentType() {
        #expect(
            CurlCommand.render(
                RequestDefinition(method: "POST", url: "https://x", body: "{}", bodyKind: .json), masked: false)
                == "curl https://x -H 'Content-Type: application/json' --data-raw '{}'")
        #expect(
            CurlCommand.render(
                RequestDefinition(method: "POST", url: "https://x", body: "hi", bodyKind: .text), masked: false)
                == "curl https://x -H 'Content-Type: text/plain; charset=utf-8' --data-raw hi")
        #expect(
            CurlCommand.render(
                RequestDefinition(method: "POST", url: "https://x", body: "a=1", bodyKind: .form), masked: false)
                == "curl https://x --data-raw a=1")
    }

    @Test("brackets in the URL add -g, Accept-Encoding adds --compressed, control characters use $'…'")
    func specialCases() {
        #expect(
            CurlCommand.render(RequestDefinition(method: "GET", url: "https://x/?a[]=1"), masked: false)
                == "curl -g 'https://x/?a[]=1'")
        #expect(
            CurlCommand.render(
                RequestDefinition(
                    method: "GET", url: "https://x", headers: [HeaderField(name: "Accept-Encoding", value: "gzip")]),
                masked: false) == "curl https://x -H 'Accept-Encoding: gzip' --compressed")
        #expect(
            CurlCommand.render(
                RequestDefinition(method: "POST", url: "https://x", body: "a\u{01}'\\\n", bodyKind: .form),
                masked: false)
                == #"curl https://x --data-raw $'a\x01\'\\\n'"#)
    }

    @Test("multiline puts each option on its own line with ` \\` continuations")
    func multiline() {
        let definition = RequestDefinition(
            method: "PUT", url: "https://x/a", headers: [HeaderField(name: "Content-Type", value: "application/json")],
            body: "{\n  \"a\": 1\n}", bodyKind: .json)
        #expect(
            CurlCommand.render(definition, masked: false, multiline: true) == """
                curl -X PUT https://x/a \\
                  -H 'Content-Type: application/json' \\
                  --data-raw '{
                  "a": 1
                }'
                """)
    }

    @Test("masked hides secret headers, secret query parameters and URL passwords, not the rest")
    func masked() {
        let definition = RequestDefinition(
            method: "GET", url: "https://user:pw@x/a?api_key=abc&page=2",
            headers: [
                HeaderField(name: "Authorization", value: "Bearer abc.def"),
                HeaderField(name: "Cookie", value: "sid=1; theme=dark"),
                HeaderField(name: "X-Trace", value: "t-1"),
            ])
        #expect(
            CurlCommand.render(definition, masked: true)
                == "curl 'https://user:••••••@x/a?api_key=••••••&page=2' -H 'Authorization: Bearer ••••••' "
                + "-H 'Cookie: sid=••••••; theme=••••••' -H 'X-Trace: t-1'")
    }

    @Test("render then parse gives the same definition", arguments: roundTripCases)
    func roundTrip(_ testCase: CurlRoundTripCase) throws {
        let single = CurlCommand.render(testCase.definition, masked: false)
        #expect(try CurlCommand.parse(single) == testCase.definition, "\(single)")
        let multiline = CurlCommand.render(testCase.definition, masked: false, multiline: true)
        #expect(try CurlCommand.parse(multiline) == testCase.definition, "\(multiline)")
    }
}
