import Foundation
import Testing

@testable import Workspace

/// A command as found in the wild and the request it must become.
struct RealWorldCurlCase: Sendable, CustomTestStringConvertible {
    let name: String
    let command: String
    let expected: RequestDefinition

    var testDescription: String { name }
}

private func header(_ name: String, _ value: String) -> HeaderField {
    HeaderField(name: name, value: value)
}

private let realWorldCases: [RealWorldCurlCase] = [
    RealWorldCurlCase(
        name: "Chrome: GET with browser headers and --compressed",
        command: """
            curl 'https://api.example.com/v1/users?page=2&per_page=50' \\
              -H 'accept: application/json, text/plain, */*' \\
              -H 'accept-language: en-GB,en;q=0.9' \\
              -H 'authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.abc' \\
              -H 'sec-ch-ua: "Chromium";v="124", "Google Chrome";v="124", "Not-A.Brand";v="99"' \\
              -H 'user-agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36' \\
              --compressed
            """,
        expected: RequestDefinition(
            method: "GET", url: "https://api.example.com/v1/users?page=2&per_page=50",
            headers: [
                header("Accept-Encoding", "gzip, deflate"),
                header("accept", "application/json, text/plain, */*"),
                header("accept-language", "en-GB,en;q=0.9"),
                header("authorization", "Bearer eyJhbGciOiJIUzI1NiJ9.e30.abc"),
                header("sec-ch-ua", #""Chromium";v="124", "Google Chrome";v="124", "Not-A.Brand";v="99""#),
                header("user-agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36"),
            ])),
    RealWorldCurlCase(
        name: "Chrome: GraphQL POST with --data-raw",
        command: """
            curl 'https://app.example.com/graphql' \\
              -H 'content-type: application/json' \\
              -H 'origin: https://app.example.com' \\
              --data-raw '{"operationName":"Me","variables":{},"query":"query Me { me { id name } }"}'
            """,
        expected: RequestDefinition(
            method: "POST", url: "https://app.example.com/graphql",
            headers: [header("content-type", "application/json"), header("origin", "https://app.example.com")],
            body: #"{"operationName":"Me","variables":{},"query":"query Me { me { id name } }"}"#, bodyKind: .json)),
    RealWorldCurlCase(
        name: "Chrome: $'…' body with escapes, a quote and an escaped !",
        command: #"""
            curl 'https://example.com/api/notes' \
              -H 'content-type: application/json' \
              --data-raw $'{"text":"line one\\nline two \u0021 it\'s"}'
            """#,
        expected: RequestDefinition(
            method: "POST", url: "https://example.com/api/notes", headers: [header("content-type", "application/json")],
            body: #"{"text":"line one\nline two ! it's"}"#, bodyKind: .json)),
    RealWorldCurlCase(
        name: "Chrome: $'…' form body with a real newline",
        command: #"curl 'https://example.com/submit' --data-raw $'comment=first\nsecond'"#,
        expected: RequestDefinition(
            method: "POST", url: "https://example.com/submit", body: "comment=first\nsecond", bodyKind: .form)),
    RealWorldCurlCase(
        name: "Chrome: PUT with a quoted -X",
        command: """
            curl 'https://api.example.com/items/1' \\
              -X 'PUT' \\
              -H 'content-type: application/json' \\
              --data-raw '{"done":true}'
            """,
        expected: RequestDefinition(
            method: "PUT", url: "https://api.example.com/items/1",
            headers: [header("content-type", "application/json")],
            body: #"{"done":true}"#, bodyKind: .json)),
    RealWorldCurlCase(
        name: "Chrome: cookies with -b",
        command: "curl 'https://example.com/account' -b 'session=abc123; theme=dark' -H 'accept: text/html'",
        expected: RequestDefinition(
            method: "GET", url: "https://example.com/account",
            headers: [header("Cookie", "session=abc123; theme=dark"), header("accept", "text/html")])),
    RealWorldCurlCase(
        name: "Chrome: DELETE",
        command: "curl 'https://api.example.com/items/1' -X 'DELETE' -H 'accept: */*'",
        expected: RequestDefinition(
            method: "DELETE", url: "https://api.example.com/items/1", headers: [header("accept", "*/*")])),
    RealWorldCurlCase(
        name: "Firefox: GET with its own Accept-Encoding",
        command: """
            curl 'https://example.org/search?q=swift' --compressed -H 'User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0' -H 'Accept: text/html' -H 'Accept-Encoding: gzip, deflate, br' -H 'Connection: keep-alive' -H 'Upgrade-Insecure-Requests: 1'
            """,
        expected: RequestDefinition(
            method: "GET", url: "https://example.org/search?q=swift",
            headers: [
                header("User-Agent", "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0"),
                header("Accept", "text/html"), header("Accept-Encoding", "gzip, deflate, br"),
                header("Connection", "keep-alive"), header("Upgrade-Insecure-Requests", "1"),
            ])),
    RealWorldCurlCase(
        name: "Firefox: form login",
        command: """
            curl 'https://example.org/login' -X POST -H 'Content-Type: application/x-www-form-urlencoded' -H 'Origin: https://example.org' --data-raw 'user=ann&pass=p%40ss'
            """,
        expected: RequestDefinition(
            method: "POST", url: "https://example.org/login",
            headers: [
                header("Content-Type", "application/x-www-form-urlencoded"), header("Origin", "https://example.org"),
            ],
            body: "user=ann&pass=p%40ss", bodyKind: .form)),
    RealWorldCurlCase(
        name: "Chrome for Windows cmd: ^ quoting and ^ continuations",
        command: """
            curl ^"https://api.example.com/v1/items?a=1^&b=2^" ^\r
              -H ^"accept: application/json^" ^\r
              -H ^"content-type: application/json^" ^\r
              --data-raw ^"^{^\\^"name^\\^":^\\^"Widget 50^%^\\^"^}^" ^\r
              --compressed
            """,
        expected: RequestDefinition(
            method: "POST", url: "https://api.example.com/v1/items?a=1&b=2",
            headers: [
                header("Accept-Encoding", "gzip, deflate"), header("accept", "application/json"),
                header("content-type", "application/json"),
            ],
            body: #"{"name":"Widget 50%"}"#, bodyKind: .json)),
    RealWorldCurlCase(
        name: "Windows by hand: double quotes and ^ continuations",
        command: """
            curl -X POST "https://api.example.com/things" ^
              -H "Content-Type: application/json" ^
              -d "{\\"a\\":1}"
            """,
        expected: RequestDefinition(
            method: "POST", url: "https://api.example.com/things",
            headers: [header("Content-Type", "application/json")],
            body: #"{"a":1}"#, bodyKind: .json)),
    RealWorldCurlCase(
        name: "Stripe docs: -u key: and repeated -d",
        command: """
            curl https://api.stripe.com/v1/charges \\
              -u sk_test_4eC39HqLyjWDarjtT1zdp7dc: \\
              -d amount=2000 \\
              -d currency=usd \\
              -d source=tok_visa \\
              -d description="My First Test Charge (created for API docs)"
            """,
        expected: RequestDefinition(
            method: "POST", url: "https://api.stripe.com/v1/charges",
            headers: [header("Authorization", "Basic c2tfdGVzdF80ZUMzOUhxTHlqV0Rhcmp0VDF6ZHA3ZGM6")],
            body: "amount=2000&currency=usd&source=tok_visa&description=My First Test Charge (created for API docs)",
            bodyKind: .form)),
    RealWorldCurlCase(
        name: "Stripe docs: -G list with -d",
        command: "curl -G https://api.stripe.com/v1/customers \\\n  -u sk_test_x: \\\n  -d limit=3",
        expected: RequestDefinition(
            method: "GET", url: "https://api.stripe.com/v1/customers?limit=3",
            headers: [header("Authorization", "Basic c2tfdGVzdF94Og==")])),
    RealWorldCurlCase(
        name: "GitHub docs: -L, -X POST, double-quoted headers, '\\'' in the body",
        command: """
            curl -L \\
              -X POST \\
              -H "Accept: application/vnd.github+json" \\
              -H "Authorization: Bearer <YOUR-TOKEN>" \\
              -H "X-GitHub-Api-Version: 2022-11-28" \\
              https://api.github.com/repos/OWNER/REPO/issues \\
              -d '{"title":"Found a bug","body":"I'\\''m having a problem with this.","labels":["bug"]}'
            """,
        expected: RequestDefinition(
            method: "POST", url: "https://api.github.com/repos/OWNER/REPO/issues",
            headers: [
                header("Accept", "application/vnd.github+json"), header("Authorization", "Bearer <YOUR-TOKEN>"),
                header("X-GitHub-Api-Version", "2022-11-28"),
            ],
            body: #"{"title":"Found a bug","body":"I'm having a problem with this.","labels":["bug"]}"#, bodyKind: .form
        )),
    RealWorldCurlCase(
        name: "GitHub: token from a variable stays as written",
        command: #"curl -H "Authorization: Bearer $GITHUB_TOKEN" https://api.github.com/user"#,
        expected: RequestDefinition(
            method: "GET", url: "https://api.github.com/user",
            headers: [header("Authorization", "Bearer $GITHUB_TOKEN")])),
    RealWorldCurlCase(
        name: "--json",
        command: #"curl --json '{"name":"hammock"}' https://httpbin.org/post"#,
        expected: RequestDefinition(
            method: "POST", url: "https://httpbin.org/post",
            headers: [header("Content-Type", "application/json"), header("Accept", "application/json")],
            body: #"{"name":"hammock"}"#, bodyKind: .json)),
    RealWorldCurlCase(
        name: "-G with --data-urlencode",
        command: """
            curl -G https://api.example.com/search \\
              --data-urlencode "q=coffee & tea" \\
              --data-urlencode "city=São Paulo" \\
              -d limit=10
            """,
        expected: RequestDefinition(
            method: "GET", url: "https://api.example.com/search?q=coffee+%26+tea&city=S%C3%A3o+Paulo&limit=10")),
    RealWorldCurlCase(
        name: "Slack webhook docs",
        command:
            #"curl -X POST -H 'Content-type: application/json' --data '{"text":"Hello, World!"}' https://hooks.slack.com/services/T000/B000/XXXX"#,
        expected: RequestDefinition(
            method: "POST", url: "https://hooks.slack.com/services/T000/B000/XXXX",
            headers: [header("Content-type", "application/json")], body: #"{"text":"Hello, World!"}"#, bodyKind: .json)),
    RealWorldCurlCase(
        name: "Elasticsearch docs: -XPUT, -d'…' glued, no scheme",
        command: """
            curl -XPUT "localhost:9200/my-index/_doc/1?pretty" -H 'Content-Type: application/json' -d'
            {
              "user": "kimchy"
            }'
            """,
        expected: RequestDefinition(
            method: "PUT", url: "http://localhost:9200/my-index/_doc/1?pretty",
            headers: [header("Content-Type", "application/json")], body: "\n{\n  \"user\": \"kimchy\"\n}",
            bodyKind: .json)),
    RealWorldCurlCase(
        name: "Health check from a script: -sSL -o -w",
        command: "curl -sSL -o /dev/null -w '%{http_code}' https://example.com/health",
        expected: RequestDefinition(method: "GET", url: "https://example.com/health")),
    RealWorldCurlCase(
        name: "-I for headers only",
        command: "curl -I https://example.com/",
        expected: RequestDefinition(method: "HEAD", url: "https://example.com/")),
    RealWorldCurlCase(
        name: "-A and -e with -sSLk and a timeout",
        command: "curl -sSLk --max-time 10 -A 'hammock/1.0' -e https://ref.example/ https://example.com",
        expected: RequestDefinition(
            method: "GET", url: "https://example.com",
            headers: [header("User-Agent", "hammock/1.0"), header("Referer", "https://ref.example/")])),
    RealWorldCurlCase(
        name: "OpenAI docs: multi-line JSON body",
        command: """
            curl https://api.openai.com/v1/chat/completions \\
              -H "Content-Type: application/json" \\
              -H "Authorization: Bearer $OPENAI_API_KEY" \\
              -d '{
                "model": "gpt-4o",
                "messages": [{"role": "user", "content": "Hello!"}]
              }'
            """,
        expected: RequestDefinition(
            method: "POST", url: "https://api.openai.com/v1/chat/completions",
            headers: [header("Content-Type", "application/json"), header("Authorization", "Bearer $OPENAI_API_KEY")],
            body:
                "{\n    \"model\": \"gpt-4o\",\n    \"messages\": [{\"role\": \"user\", \"content\": \"Hello!\"}]\n  }",
            bodyKind: .json)),
    RealWorldCurlCase(
        name: "Shell history: a prompt and a pipe into jq",
        command: "$ curl -s https://api.github.com/users/octocat | jq .login",
        expected: RequestDefinition(method: "GET", url: "https://api.github.com/users/octocat")),
    RealWorldCurlCase(
        name: "Twilio docs: --data-urlencode fields and -u from variables",
        command: """
            curl -X POST "https://api.twilio.com/2010-04-01/Accounts/$TWILIO_ACCOUNT_SID/Messages.json" \\
            --data-urlencode "Body=Hi there" \\
            --data-urlencode "From=+15557122661" \\
            --data-urlencode "To=+15558675310" \\
            -u $TWILIO_ACCOUNT_SID:$TWILIO_AUTH_TOKEN
            """,
        expected: RequestDefinition(
            method: "POST", url: "https://api.twilio.com/2010-04-01/Accounts/$TWILIO_ACCOUNT_SID/Messages.json",
            headers: [
                header(
                    "Authorization",
                    "Basic " + Data("$TWILIO_ACCOUNT_SID:$TWILIO_AUTH_TOKEN".utf8).base64EncodedString())
            ],
            body: "Body=Hi+there&From=%2B15557122661&To=%2B15558675310", bodyKind: .form)),
    RealWorldCurlCase(
        name: "Cloudflare docs: indented continuations",
        command: """
            curl "https://api.cloudflare.com/client/v4/zones/$ZONE_ID/dns_records" \\
                 -H "X-Auth-Email: $CLOUDFLARE_EMAIL" \\
                 -H "X-Auth-Key: $CLOUDFLARE_API_KEY"
            """,
        expected: RequestDefinition(
            method: "GET", url: "https://api.cloudflare.com/client/v4/zones/$ZONE_ID/dns_records",
            headers: [header("X-Auth-Email", "$CLOUDFLARE_EMAIL"), header("X-Auth-Key", "$CLOUDFLARE_API_KEY")])),
    RealWorldCurlCase(
        name: "OAuth docs: --oauth2-bearer",
        command: "curl --oauth2-bearer mF_9.B5f-4.1JqM https://api.example.com/resource",
        expected: RequestDefinition(
            method: "GET", url: "https://api.example.com/resource",
            headers: [header("Authorization", "Bearer mF_9.B5f-4.1JqM")])),
    RealWorldCurlCase(
        name: "OAuth token request: -u client:secret and form data",
        command:
            "curl -X POST -u 'client:s3cr3t' -d 'grant_type=client_credentials&scope=read' https://auth.example.com/oauth/token",
        expected: RequestDefinition(
            method: "POST", url: "https://auth.example.com/oauth/token",
            headers: [header("Authorization", "Basic Y2xpZW50OnMzY3IzdA==")],
            body: "grant_type=client_credentials&scope=read",
            bodyKind: .form)),
    RealWorldCurlCase(
        name: "--data-binary with CRLF from $'…'",
        command: #"curl --data-binary $'line1\r\nline2' -H 'Content-Type: text/plain' https://example.com/upload"#,
        expected: RequestDefinition(
            method: "POST", url: "https://example.com/upload", headers: [header("Content-Type", "text/plain")],
            body: "line1\r\nline2", bodyKind: .text)),
    RealWorldCurlCase(
        name: "Empty header value and a removed curl header",
        command: "curl -H 'X-Empty;' -H 'Accept:' https://example.com/",
        expected: RequestDefinition(method: "GET", url: "https://example.com/", headers: [header("X-Empty", "")])),
]

@Suite("Reading curl commands found in the wild")
struct CurlRealWorldCommandTests {
    @Test("the table has at least 25 commands")
    func tableSize() {
        #expect(realWorldCases.count >= 25)
    }

    @Test("each command becomes the request it makes", arguments: realWorldCases)
    func command(_ testCase: RealWorldCurlCase) throws {
        #expect(try CurlCommand.parse(testCase.command) == testCase.expected)
    }

    @Test("each request written back as a command reads back the same", arguments: realWorldCases)
    func roundTrip(_ testCase: RealWorldCurlCase) throws {
        let rendered = CurlCommand.render(testCase.expected, masked: false)
        #expect(try CurlCommand.parse(rendered) == testCase.expected, "\(rendered)")
    }
}
