import Foundation
import Testing

@testable import Workspace

private func words(_ text: String) throws -> [String] {
    try ShellWords.split(text).words
}

private func parseError(_ command: String) -> String? {
    do {
        _ = try CurlCommand.parse(command)
        return nil
    } catch {
        return error.message
    }
}

@Suite("Splitting a command into words like bash")
struct CurlShellWordsTests {
    @Test("blanks, tabs and newlines separate words; repeated ones count once")
    func blanks() throws {
        #expect(try words("curl   -s\t\thttps://x/a \n  -v") == ["curl", "-s", "https://x/a", "-v"])
    }

    @Test("single quotes keep everything, double quotes escape only $ ` \" \\ and newline")
    func quotes() throws {
        #expect(try words(#"a'b c\n$X'd"#) == [#"ab c\n$Xd"#])
        #expect(try words(#""a\"b\$c\\d\e\`f""#) == [#"a"b$c\d\e`f"#])
        #expect(try words("''  \"\"") == ["", ""])
        #expect(try words("\"line\\\nnext\"") == ["linenext"])
    }

    @Test("$'…' reads bash's ANSI-C escapes, bytes included")
    func ansiC() throws {
        #expect(
            try words(#"$'a\nb\t\'q\' \\ \x41\101\u00e9\U0001F600\cA\e\z'"#) == ["a\nb\t'q' \\ AAé😀\u{01}\u{1B}\\z"])
        #expect(try words(#"$'\xc3\xa9'"#) == ["é"])
        #expect(try words(#"$'\uD83D\uDE00'"#) == ["😀"])
        #expect(try words(#"$'\u0021important'"#) == ["!important"])
        #expect(try words(#"$"translated""#) == ["translated"])
    }

    @Test("a backslash outside quotes escapes one character; backslash-newline joins lines")
    func escapes() throws {
        #expect(try words(#"a\ b \"c\" \$d"#) == ["a b", "\"c\"", "$d"])
        #expect(try words("curl \\\n  https://x/\\\npath \\\r\n -s") == ["curl", "https://x/path", "-s"])
    }

    @Test("variables and command substitutions stay as written")
    func noExpansion() throws {
        #expect(try words(#"$HOME "$TOKEN" $(date) `id`"#) == ["$HOME", "$TOKEN", "$(date)", "`id`"])
    }

    @Test("reading stops at a pipe, a redirect, ; or a separate &, and says where")
    func operators() throws {
        #expect(
            try ShellWords.split("curl -s https://x | jq .")
                == CommandWords(words: ["curl", "-s", "https://x"], stoppedAt: "|"))
        #expect(
            try ShellWords.split("curl https://x 2>/dev/null")
                == CommandWords(words: ["curl", "https://x"], stoppedAt: ">"))
        #expect(
            try ShellWords.split("curl https://x>out") == CommandWords(words: ["curl", "https://x"], stoppedAt: ">"))
        #expect(
            try ShellWords.split("curl https://x && echo ok")
                == CommandWords(words: ["curl", "https://x"], stoppedAt: "&&"))
        #expect(
            try ShellWords.split("curl https://x; ls") == CommandWords(words: ["curl", "https://x"], stoppedAt: ";"))
        #expect(
            try ShellWords.split("curl http://x/?a=1&b=2")
                == CommandWords(words: ["curl", "http://x/?a=1&b=2"], stoppedAt: nil))
    }

    @Test("a # at the start of a word starts a comment")
    func comments() throws {
        #expect(try words("curl https://x/#frag # the home page\n -s") == ["curl", "https://x/#frag", "-s"])
    }

    @Test("an unclosed quote is an error that names it")
    func unterminated() {
        #expect(parseError("curl 'https://x") == "The command has an unterminated single quote.")
        #expect(parseError("curl \"https://x") == "The command has an unterminated double quote.")
        #expect(parseError("curl $'https://x") == "The command has an unterminated $'…' quote.")
    }
}

@Suite("Splitting a Windows cmd command into words")
struct CurlWindowsWordsTests {
    @Test("carets escape, caret-newline continues, the runtime's quoting rules apply")
    func chromeCmd() throws {
        let text =
            "curl ^\"https://x/a?b=1^&c=2^\" ^\r\n  -H ^\"accept: */*^\" ^\r\n  --data-raw ^\"^{^\\^\"a^\\^\":^\\^\"50^%^\\^\"^}^\""
        #expect(
            try WindowsCommandWords.split(text).words == [
                "curl", "https://x/a?b=1&c=2", "-H", "accept: */*", "--data-raw", #"{"a":"50%"}"#,
            ])
    }

    @Test("caret and two newlines is a newline inside a value")
    func newlineInValue() throws {
        let text = "curl ^\"https://x^\" --data-raw ^\"one^\n\ntwo^\""
        #expect(try WindowsCommandWords.split(text).words == ["curl", "https://x", "--data-raw", "one\ntwo"])
    }

    @Test("backslashes count only before a quote")
    func backslashes() throws {
        #expect(
            try WindowsCommandWords.split(#"a\\b "c\\" "d\"e" f\\\"g"#).words == [#"a\\b"#, #"c\"#, #"d"e"#, #"f\"g"#])
    }

    @Test("a command is read as Windows when its lines end in a separate ^, with CRLF or LF")
    func detection() throws {
        let windows = try CurlCommand.parse("curl -X POST \"https://x/a\" ^\r\n  -d \"{\\\"a\\\":1}\"")
        #expect(windows == RequestDefinition(method: "POST", url: "https://x/a", body: #"{"a":1}"#, bodyKind: .form))
        let posix = try CurlCommand.parse("curl -d 'p=a^\nb' https://x")
        #expect(posix.body == "p=a^\nb")
    }

    @Test("an unquoted & ends the command; a quoted one does not")
    func ampersand() throws {
        let split = try WindowsCommandWords.split("curl \"https://x/?a=1&b=2\" & echo done")
        #expect(split == CommandWords(words: ["curl", "https://x/?a=1&b=2"], stoppedAt: "&"))
    }
}

@Suite("Reading curl options")
struct CurlOptionParsingTests {
    @Test("options curl does not take a value for, and ones it does, never swallow the URL")
    func optionTable() throws {
        let request = try CurlCommand.parse(
            "curl --connect-timeout 5 --retry 3 --cacert ca.pem -o out.json -sS -L --http2 -w '%{http_code}' https://x/a"
        )
        #expect(request == RequestDefinition(method: "GET", url: "https://x/a"))
        #expect(try CurlCommand.parse("curl -m 3 -O https://x/file.zip").url == "https://x/file.zip")
    }

    @Test("combined short flags, glued values and --name=value forms")
    func spellings() throws {
        #expect(try CurlCommand.parse("curl -sSLXPOST https://x").method == "POST")
        #expect(
            try CurlCommand.parse("curl -XPUT -HX-A:1 -d'v' https://x")
                == RequestDefinition(
                    method: "PUT", url: "https://x", headers: [HeaderField(name: "X-A", value: "1")], body: "v",
                    bodyKind: .form))
        let long = try CurlCommand.parse("curl --request=PATCH --url=https://x/me --header='X-B: 2' --data-raw={}")
        #expect(
            long
                == RequestDefinition(
                    method: "PATCH", url: "https://x/me", headers: [HeaderField(name: "X-B", value: "2")], body: "{}",
                    bodyKind: .form))
        #expect(try CurlCommand.parse("curl -- https://x/after-dashes").url == "https://x/after-dashes")
        #expect(try CurlCommand.parse("/usr/bin/curl https://x").url == "https://x")
    }

    @Test("the method: -X as written but upper-case, -I is HEAD, -G is GET, data is POST")
    func methods() throws {
        #expect(try CurlCommand.parse("curl https://x").method == "GET")
        #expect(try CurlCommand.parse("curl -d a=1 https://x").method == "POST")
        #expect(try CurlCommand.parse("curl -X delete https://x").method == "DELETE")
        #expect(
            try CurlCommand.parse("curl -X GET -d a=1 https://x")
                == RequestDefinition(
                    method: "GET", url: "https://x", body: "a=1", bodyKind: .form))
        #expect(try CurlCommand.parse("curl -I https://x").method == "HEAD")
        #expect(
            try CurlCommand.parse("curl -I -G -d a=1 https://x")
                == RequestDefinition(method: "HEAD", url: "https://x?a=1"))
        #expect(
            try CurlCommand.parse("curl -G -d a=1 https://x/?z=0#top")
                == RequestDefinition(method: "GET", url: "https://x/?z=0&a=1#top"))
        #expect(try CurlCommand.parse("curl -G -d '' https://x") == RequestDefinition(method: "GET", url: "https://x"))
    }

    @Test("repeated data joins with &, --json pieces join as they are, the text is kept exactly")
    func data() throws {
        #expect(
            try CurlCommand.parse("curl -d a=1 --data-raw @b --data-binary 'c d' --data-ascii e https://x").body
                == "a=1&@b&c d&e")
        #expect(try CurlCommand.parse("curl -d '' -d x https://x").body == "&x")
        #expect(try CurlCommand.parse(#"curl --json '{"a":1}' --json '{"b":2}' https://x"#).body == #"{"a":1}{"b":2}"#)
        #expect(try CurlCommand.parse(#"curl -d a=1 --json '{"b":2}' -d c=3 https://x"#).body == #"a=1{"b":2}&c=3"#)
        #expect(
            try CurlCommand.parse("curl -d '  {\"spaced\" : 1.50 }  ' https://x").body == "  {\"spaced\" : 1.50 }  ")
    }

    @Test("--data-urlencode encodes the content as curl does")
    func urlencode() throws {
        let request = try CurlCommand.parse(
            "curl --data-urlencode 'a=b c&é~*' --data-urlencode '=x y' --data-urlencode 'plain text' https://x")
        #expect(request.body == "a=b+c%26%C3%A9~%2A&x+y&plain+text")
        #expect(
            try CurlCommand.parse("curl --url-query 'q=a b' --url-query '+raw=a b' 'https://x/?z=1'").url
                == "https://x/?z=1&q=a+b&raw=a b")
    }

    @Test("-u, --oauth2-bearer, -A, -e, -b, -r and --compressed become headers in curl's order")
    func generatedHeaders() throws {
        let request = try CurlCommand.parse(
            "curl -H 'X-Custom: 1' -u 'us:pw' -A agent -e 'https://ref/;auto' --compressed -b 'a=1' -b 'c=2' -r 0-9 https://x"
        )
        #expect(
            request.headers == [
                HeaderField(name: "Authorization", value: "Basic dXM6cHc="),
                HeaderField(name: "Range", value: "bytes=0-9"),
                HeaderField(name: "User-Agent", value: "agent"),
                HeaderField(name: "Accept-Encoding", value: "gzip, deflate"),
                HeaderField(name: "Referer", value: "https://ref/"),
                HeaderField(name: "Cookie", value: "a=1;c=2"),
                HeaderField(name: "X-Custom", value: "1"),
            ])
        #expect(
            try CurlCommand.parse("curl -u u:p --oauth2-bearer T https://x").headers == [
                HeaderField(name: "Authorization", value: "Bearer T")
            ])
        #expect(
            try CurlCommand.parse("curl -u 'ü:p' https://x").headers == [
                HeaderField(name: "Authorization", value: "Basic w7w6cA==")
            ])
        #expect(try CurlCommand.parse("curl --compressed --no-compressed -A '' https://x").headers == [])
    }

    @Test("a -H header replaces curl's own header of the same name")
    func headerOverrides() throws {
        let request = try CurlCommand.parse("curl -u u:p -b a=1 -A ua -H 'authorization: X' -H 'Cookie: z=9' https://x")
        #expect(
            request.headers == [
                HeaderField(name: "User-Agent", value: "ua"),
                HeaderField(name: "authorization", value: "X"),
                HeaderField(name: "Cookie", value: "z=9"),
            ])
    }

    @Test("-H 'Name;' is an empty value, -H 'Name:' is left out with a note, values keep trailing blanks")
    func headerForms() throws {
        let result = try CurlCommand.read(
            "curl -H 'Empty;' -H 'Accept:' -H 'Blank:   ' -H 'Trail:  x  ' -H 'Dup: 1' -H 'Dup: 2' https://x")
        #expect(
            result.definition.headers == [
                HeaderField(name: "Empty", value: ""),
                HeaderField(name: "Trail", value: "x  "),
                HeaderField(name: "Dup", value: "1"),
                HeaderField(name: "Dup", value: "2"),
            ])
        #expect(
            result.notes.contains("-H 'Accept:' only stops curl from adding its own Accept header, so it is left out."))
    }

    @Test("--json sets Content-Type and Accept unless -H gives them")
    func json() throws {
        let request = try CurlCommand.parse(#"curl --json '{"a":1}' -H 'Accept: application/vnd.api+json' https://x"#)
        #expect(
            request
                == RequestDefinition(
                    method: "POST", url: "https://x",
                    headers: [
                        HeaderField(name: "Accept", value: "application/vnd.api+json"),
                        HeaderField(name: "Content-Type", value: "application/json"),
                    ],
                    body: #"{"a":1}"#, bodyKind: .json))
    }

    @Test("the body kind follows the Content-Type; data without one is a form, as curl labels it")
    func bodyKinds() throws {
        let cases: [(String, RequestBodyKind?)] = [
            ("-d x", .form), ("-d x -H 'Content-Type: application/json; charset=utf-8'", .json),
            ("-d x -H 'content-type: application/problem+json'", .json), ("-d x -H 'Content-Type: text/plain'", .text),
            ("-d x -H 'Content-Type: application/xml'", .text),
            ("-d x -H 'Content-Type: application/x-www-form-urlencoded'", .form), ("-d x -H 'Content-Type:'", nil),
            ("-H 'Content-Type: application/json'", nil),
        ]
        for (options, kind) in cases {
            #expect(try CurlCommand.parse("curl \(options) https://x").bodyKind == kind, "\(options)")
        }
    }

    @Test("a URL without a scheme gets http://, or the one --proto-default names")
    func schemes() throws {
        #expect(try CurlCommand.parse("curl localhost:9200/_cat/indices").url == "http://localhost:9200/_cat/indices")
        #expect(try CurlCommand.parse("curl --proto-default https example.com").url == "https://example.com")
    }

    @Test("notes tell what was left out: -k, a proxy, a pipe, -s and -L")
    func notes() throws {
        let result = try CurlCommand.read("$ curl -k -x http://proxy:3128 https://x | jq .")
        #expect(
            result.notes == [
                "-k is left out: hammock checks TLS certificates unless it was started with --insecure.",
                "-x http://proxy:3128 is left out: hammock uses the proxy it was started with (--proxy, or HTTPS_PROXY and friends).",
                "The text from “|” on is not part of the request and is left out.",
            ])
        #expect(
            try CurlCommand.read("curl -sSL https://x").notes == [
                "Left out, since they only change what curl prints: -s, -S.",
                "-L is left out: hammock follows redirects by itself (up to 10), and never carries credentials to another host.",
            ])
        #expect(try CurlCommand.read("curl --compressed -G -d a=1 https://x").notes.isEmpty)
        let relative = try CurlCommand.read("curl -F a=1 /upload?x=1")
        #expect(relative.definition.url == "/upload?x=1", "a path stays a path, for the service to resolve")
        #expect(relative.notes == ["/upload?x=1 names no host: it is read against the service's base URL."])
    }

    @Test("errors name the option or the problem in a sentence")
    func errors() {
        let cases: [(String, String)] = [
            ("", "The text is empty: paste a curl command."),
            ("wget https://x", "The text is not a curl command: it starts with “wget”."),
            ("curl -s", "The command has no URL."),
            (
                "curl https://a https://b",
                "The command has more than one URL (https://a and https://b); paste one request at a time."
            ),
            ("curl --frobnicate https://x", "The option --frobnicate is not a curl option hammock knows."),
            ("curl -sWx https://x", "The option -W is not a curl option hammock knows."),
            ("curl https://x -H", "The option -H needs a value after it."),
            ("curl --silent=yes https://x", "The option --silent does not take a value."),
            (
                "curl --data-urlencode name@file https://x",
                "--data-urlencode name@file reads a file, which hammock does not do; paste the body instead."
            ),
            (
                "curl -H @headers.txt https://x",
                "-H @headers.txt reads a file, which hammock does not do; paste the headers instead."
            ),
            (
                "curl -b cookies.txt https://x",
                "-b cookies.txt names a cookie file, which hammock does not read; paste the cookies as name=value instead."
            ),
            ("curl --digest -u a:b https://x", "--digest uses Digest authentication, which hammock does not do."),
            ("curl --expand-url '{{u}}'", "--expand-url uses curl variables, which hammock does not do."),
            ("curl https://a --next https://b", "--next starts a second request, which hammock does not do."),
            (
                "curl -u alice https://x",
                "-u alice has no password, so curl would ask for one; write it as user:password."
            ),
            (
                "curl -I -d a=1 https://x",
                "-I (a HEAD request) cannot send data; drop -I, or add -G to put the data in the URL."
            ),
            ("curl -H 'NoColon' https://x", "The header “NoColon” has no colon; write it as “Name: value”."),
            ("curl -H ': v' https://x", "The header “: v” has no name."),
        ]
        for (command, message) in cases {
            #expect(parseError(command) == message, "\(command)")
        }
    }
}
