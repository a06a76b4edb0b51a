import Foundation
import Safety
import Testing
import Workspace

@Suite("Exchanges export as a HAR 1.2 file with secrets masked")
struct HARLogTests {
    private static let bearer = "eyJhbGciOiJIUzI1NiJ9.c2VjcmV0.Q9fPz3Wk"
    private static let session = "sess-58ab19e0ffd2"
    private static let queryToken = "qtok-7d41f0c2a9"
    private static let password = "hunter2-correct-horse"
    private static let apiKey = "key-0c1d2e3f4a5b"
    private static let setCookie = "srv-9f8e7d6c5b4a"
    private static let secrets = [bearer, session, queryToken, password, apiKey, setCookie]
    private static let start = Date(timeIntervalSince1970: 1_700_000_000.25)

    /// A GET with a response, a form POST and a failed exchange.
    private static let sample: [HAREntry] = [
        HAREntry(
            startedDate: start, method: "GET", url: "https://api.example.com/items?token=\(queryToken)&page=2",
            requestHeaders: [
                HeaderField(name: "Authorization", value: "Bearer \(bearer)"),
                HeaderField(name: "Cookie", value: "session=\(session); theme=dark"),
                HeaderField(name: "X-API-Key", value: apiKey),
                HeaderField(name: "Accept", value: "application/json"),
            ],
            statusCode: 200, reasonPhrase: "OK",
            responseHeaders: [
                HeaderField(name: "Content-Type", value: "application/json"),
                HeaderField(name: "Set-Cookie", value: "sid=\(setCookie); Path=/; HttpOnly"),
            ],
            responseBody: Data(#"{"items":[1,2]}"#.utf8), totalTime: 0.125, timeToFirstByte: 0.1
        ),
        HAREntry(
            startedDate: start.addingTimeInterval(1), method: "POST", url: "https://api.example.com/login",
            requestHeaders: [HeaderField(name: "Content-Type", value: "application/x-www-form-urlencoded")],
            requestBody: Data("user=alice&password=\(password)&note=a+b%21".utf8),
            statusCode: 302, reasonPhrase: "Found",
            responseHeaders: [HeaderField(name: "Location", value: "/home?token=\(queryToken)")],
            responseBody: Data(), redirectURL: "https://api.example.com/home?token=\(queryToken)",
            totalTime: 0.05, timeToFirstByte: 0.04
        ),
        HAREntry(
            startedDate: start.addingTimeInterval(2), method: "GET", url: "https://down.example.com/",
            statusCode: nil, totalTime: 3,
            errorMessage: "Could not connect to https://down.example.com/?access_token=\(queryToken)"
        ),
    ]

    private static func parse(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private static func entries(_ exchanges: [HAREntry], maximumBodyBytes: Int = HARLog.defaultMaximumBodyBytes)
        throws -> [[String: Any]]
    {
        let data = HARLog.render(
            exchanges, creatorName: "hammock", creatorVersion: "1.0", maximumBodyBytes: maximumBodyBytes)
        let log = try #require(try parse(data)["log"] as? [String: Any])
        return try #require(log["entries"] as? [[String: Any]])
    }

    /// The value as a number when it is a JSON number (not `true` or `false`, which
    /// `JSONSerialization` also hands back as an `NSNumber`, of Objective-C type `c`).
    private static func number(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
        return number.doubleValue
    }

    /// Checks that `object` has every key of `strings`, `numbers`, `arrays` and `objects` with a
    /// value of that JSON type.
    private static func expectFields(
        _ object: [String: Any]?, _ what: String, strings: [String] = [], numbers: [String] = [],
        arrays: [String] = [], objects: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let object else {
            Issue.record("\(what) is missing or not an object", sourceLocation: sourceLocation)
            return
        }
        for key in strings {
            #expect(object[key] is String, "\(what).\(key) is not a string", sourceLocation: sourceLocation)
        }
        for key in numbers {
            #expect(number(object[key]) != nil, "\(what).\(key) is not a number", sourceLocation: sourceLocation)
        }
        for key in arrays {
            #expect(object[key] is [Any], "\(what).\(key) is not an array", sourceLocation: sourceLocation)
        }
        for key in objects {
            #expect(object[key] is [String: Any], "\(what).\(key) is not an object", sourceLocation: sourceLocation)
        }
    }

    private static func expectNameValuePairs(
        _ list: Any?, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let list = list as? [Any] else {
            Issue.record("\(what) is not an array", sourceLocation: sourceLocation)
            return
        }
        for item in list {
            expectFields(item as? [String: Any], what, strings: ["name", "value"], sourceLocation: sourceLocation)
        }
    }

    private static func value(named name: String, in list: Any?) -> String? {
        (list as? [[String: Any]])?.first { $0["name"] as? String == name }?["value"] as? String
    }

    @Test("every field HAR 1.2 requires is present with its JSON type")
    func requiredFields() throws {
        let document = try Self.parse(HARLog.render(Self.sample, creatorName: "hammock", creatorVersion: "1.0"))
        let log = document["log"] as? [String: Any]
        Self.expectFields(log, "log", strings: ["version"], arrays: ["entries"], objects: ["creator"])
        #expect(log?["version"] as? String == "1.2")
        Self.expectFields(log?["creator"] as? [String: Any], "creator", strings: ["name", "version"])
        #expect((log?["creator"] as? [String: Any])?["name"] as? String == "hammock")

        let entries = try #require(log?["entries"] as? [[String: Any]])
        #expect(entries.count == 3)
        let iso = try Regex(#"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{2}:\d{2})$"#)
        for (index, entry) in entries.enumerated() {
            let what = "entries[\(index)]"
            Self.expectFields(
                entry, what, strings: ["startedDateTime"], numbers: ["time"],
                objects: ["request", "response", "cache", "timings"])
            let started = try #require(entry["startedDateTime"] as? String)
            #expect(started.wholeMatch(of: iso) != nil, "\(started)")

            let request = entry["request"] as? [String: Any]
            Self.expectFields(
                request, "\(what).request", strings: ["method", "url", "httpVersion"],
                numbers: ["headersSize", "bodySize"], arrays: ["cookies", "headers", "queryString"])
            Self.expectNameValuePairs(request?["cookies"], "\(what).request.cookies")
            Self.expectNameValuePairs(request?["headers"], "\(what).request.headers")
            Self.expectNameValuePairs(request?["queryString"], "\(what).request.queryString")
            if let postData = request?["postData"] {
                Self.expectFields(postData as? [String: Any], "\(what).request.postData", strings: ["mimeType"])
                if let params = (postData as? [String: Any])?["params"] {
                    Self.expectNameValuePairs(params, "\(what).request.postData.params")
                }
            }

            let response = entry["response"] as? [String: Any]
            Self.expectFields(
                response, "\(what).response", strings: ["statusText", "httpVersion", "redirectURL"],
                numbers: ["status", "headersSize", "bodySize"], arrays: ["cookies", "headers"], objects: ["content"])
            Self.expectNameValuePairs(response?["cookies"], "\(what).response.cookies")
            Self.expectNameValuePairs(response?["headers"], "\(what).response.headers")
            Self.expectFields(
                response?["content"] as? [String: Any], "\(what).response.content", strings: ["mimeType"],
                numbers: ["size"])

            let timings = try #require(entry["timings"] as? [String: Any])
            Self.expectFields(timings, "\(what).timings", numbers: ["send", "wait", "receive"])
            var sum = 0.0
            for (key, value) in timings {
                let number = try #require(Self.number(value), "\(what).timings.\(key)")
                if ["send", "wait", "receive"].contains(key) {
                    #expect(number >= 0, "\(what).timings.\(key)")
                } else {
                    #expect(["blocked", "dns", "connect", "ssl"].contains(key) && number >= -1, "\(key)")
                }
                if key != "ssl" && number > 0 { sum += number }
            }
            #expect(abs(sum - (Self.number(entry["time"]) ?? -1)) < 0.001, "\(what): timings add up to time")
        }

        #expect(entries[0]["startedDateTime"] as? String == "2023-11-14T22:13:20.250Z")
        #expect(Self.number(entries[0]["time"]) == 125)
        let timings = try #require(entries[0]["timings"] as? [String: Any])
        #expect(Self.number(timings["wait"]) == 100 && Self.number(timings["receive"]) == 25)
        let content = (entries[0]["response"] as? [String: Any])?["content"] as? [String: Any]
        #expect(content?["text"] as? String == #"{"items":[1,2]}"#)
        #expect(content?["mimeType"] as? String == "application/json")
        #expect(Self.number(content?["size"]) == 15)
    }

    @Test("Authorization, cookies, API keys, secret query parameters and form passwords are masked everywhere")
    func secretsAreMasked() throws {
        let data = HARLog.render(Self.sample, creatorName: "hammock", creatorVersion: "1.0")
        for secret in Self.secrets {
            #expect(data.range(of: Data(secret.utf8)) == nil, "\(secret) is in the HAR file")
        }
        let mask = SecretMasker.mask
        let entries = try Self.entries(Self.sample)

        let get = try #require(entries[0]["request"] as? [String: Any])
        #expect(Self.value(named: "Authorization", in: get["headers"]) == "Bearer \(mask)")
        #expect(Self.value(named: "Cookie", in: get["headers"]) == "session=\(mask); theme=\(mask)")
        #expect(Self.value(named: "X-API-Key", in: get["headers"]) == mask)
        #expect(Self.value(named: "Accept", in: get["headers"]) == "application/json")
        #expect(Self.value(named: "session", in: get["cookies"]) == mask)
        #expect(Self.value(named: "theme", in: get["cookies"]) == mask)
        #expect(get["url"] as? String == "https://api.example.com/items?token=\(mask)&page=2")
        #expect(Self.value(named: "token", in: get["queryString"]) == mask)
        #expect(Self.value(named: "page", in: get["queryString"]) == "2")

        let getResponse = try #require(entries[0]["response"] as? [String: Any])
        #expect(Self.value(named: "Set-Cookie", in: getResponse["headers"]) == "sid=\(mask); Path=/; HttpOnly")
        let cookie = try #require((getResponse["cookies"] as? [[String: Any]])?.first)
        #expect(cookie["name"] as? String == "sid" && cookie["value"] as? String == mask)
        #expect(cookie["path"] as? String == "/" && cookie["httpOnly"] as? Bool == true)

        let post = try #require(entries[1]["request"] as? [String: Any])
        let postData = try #require(post["postData"] as? [String: Any])
        #expect(postData["mimeType"] as? String == "application/x-www-form-urlencoded")
        #expect(postData["text"] as? String == "user=alice&password=\(mask)&note=a+b%21")
        #expect(Self.value(named: "password", in: postData["params"]) == mask)
        #expect(Self.value(named: "user", in: postData["params"]) == "alice")
        #expect(Self.value(named: "note", in: postData["params"]) == "a b!")
        #expect(Self.number(post["bodySize"]) == Double("user=alice&password=\(Self.password)&note=a+b%21".utf8.count))

        let redirect = try #require(entries[1]["response"] as? [String: Any])
        #expect(redirect["redirectURL"] as? String == "https://api.example.com/home?token=\(mask)")
        #expect(Self.value(named: "Location", in: redirect["headers"]) == "/home?token=\(mask)")

        let failed = try #require(entries[2]["response"] as? [String: Any])
        #expect(failed["_error"] as? String == "Could not connect to https://down.example.com/?access_token=\(mask)")
    }

    @Test("a secret query parameter is masked by its decoded name too, and a password in the URL")
    func encodedSecretNames() throws {
        let exchange = HAREntry(
            startedDate: Self.start, method: "GET",
            url: "https://user:\(Self.password)@example.com/a?%74oken=\(Self.queryToken)&q=x#top", statusCode: 204,
            totalTime: 0.01)
        let data = HARLog.render([exchange], creatorName: "hammock", creatorVersion: "1.0")
        for secret in Self.secrets {
            #expect(data.range(of: Data(secret.utf8)) == nil, "\(secret) is in the HAR file")
        }
        let request = try #require(try Self.entries([exchange])[0]["request"] as? [String: Any])
        let mask = SecretMasker.mask
        #expect(request["url"] as? String == "https://user:\(mask)@example.com/a?%74oken=\(mask)&q=x#top")
        #expect(Self.value(named: "token", in: request["queryString"]) == mask)
        #expect(Self.value(named: "q", in: request["queryString"]) == "x")
    }

    @Test("a JSON body is written as it was sent, named secrets included, as documented")
    func jsonBodyIsNotMasked() throws {
        let body = #"{"password":"visible-in-json"}"#
        let exchange = HAREntry(
            startedDate: Self.start, method: "POST", url: "https://example.com/login",
            requestBody: Data(body.utf8), requestContentType: "application/json", statusCode: 200, totalTime: 0.01)
        let postData = try #require(
            (try Self.entries([exchange])[0]["request"] as? [String: Any])?["postData"] as? [String: Any])
        #expect(postData["text"] as? String == body)
        #expect(postData["mimeType"] as? String == "application/json")
    }

    @Test("binary bodies are base64 and read back byte for byte; text with control characters round-trips")
    func bodiesRoundTrip() throws {
        let binary = Data((0...255).map { UInt8($0) } + [0xFF, 0xFE, 0x00])
        let invalidText = Data("caf".utf8) + Data([0xE9]) + Data(" au lait".utf8)
        let tricky = "quote \" backslash \\ nul \u{0} bell \u{7} tab \t line\r\n del \u{7F} emoji 🦥 </script>"
        let exchange = HAREntry(
            startedDate: Self.start, method: "PUT", url: "https://example.com/blob",
            requestHeaders: [HeaderField(name: "X-Note", value: tricky)],
            requestBody: binary, requestContentType: "application/octet-stream", statusCode: 200,
            responseBody: invalidText, responseContentType: "text/plain; charset=utf-8", totalTime: 0.01)
        let textExchange = HAREntry(
            startedDate: Self.start, method: "GET", url: "https://example.com/text", statusCode: 200,
            responseBody: Data(tricky.utf8), responseContentType: "text/plain", totalTime: 0.01)
        let latin1 = HAREntry(
            startedDate: Self.start, method: "GET", url: "https://example.com/latin1", statusCode: 200,
            responseBody: Data("é".utf8), responseContentType: "text/plain; charset=ISO-8859-1", totalTime: 0.01)
        let entries = try Self.entries([exchange, textExchange, latin1])

        let request = try #require(entries[0]["request"] as? [String: Any])
        let postData = try #require(request["postData"] as? [String: Any])
        #expect(postData["_encoding"] as? String == "base64")
        #expect(Data(base64Encoded: try #require(postData["text"] as? String)) == binary)
        #expect(Self.number(request["bodySize"]) == Double(binary.count))
        #expect(Self.value(named: "X-Note", in: request["headers"]) == tricky)

        let content = try #require((entries[0]["response"] as? [String: Any])?["content"] as? [String: Any])
        #expect(content["encoding"] as? String == "base64")
        #expect(Data(base64Encoded: try #require(content["text"] as? String)) == invalidText)
        #expect(Self.number(content["size"]) == Double(invalidText.count))

        let text = try #require((entries[1]["response"] as? [String: Any])?["content"] as? [String: Any])
        #expect(text["text"] as? String == tricky)
        #expect(text["encoding"] == nil)

        let declared = try #require((entries[2]["response"] as? [String: Any])?["content"] as? [String: Any])
        #expect(declared["encoding"] as? String == "base64")
        #expect(Data(base64Encoded: try #require(declared["text"] as? String)) == Data("é".utf8))
    }

    @Test("a body larger than the limit is left out with a comment, its size still given")
    func largeBodyLeftOut() throws {
        let large = Data(repeating: UInt8(ascii: "x"), count: 5000)
        let exchange = HAREntry(
            startedDate: Self.start, method: "POST", url: "https://example.com/upload",
            requestHeaders: [HeaderField(name: "Content-Type", value: "text/plain")], requestBody: large,
            statusCode: 200, responseHeaders: [HeaderField(name: "Content-Type", value: "text/plain")],
            responseBody: large + large, totalTime: 0.01)
        let small = HAREntry(
            startedDate: Self.start, method: "GET", url: "https://example.com/small", statusCode: 200,
            responseBody: Data(repeating: UInt8(ascii: "y"), count: 1000), totalTime: 0.01)
        let entries = try Self.entries([exchange, small], maximumBodyBytes: 1000)

        let request = try #require(entries[0]["request"] as? [String: Any])
        let postData = try #require(request["postData"] as? [String: Any])
        #expect(postData["text"] == nil)
        #expect((postData["comment"] as? String)?.contains("5000 bytes") == true)
        #expect(postData["mimeType"] as? String == "text/plain")
        #expect(Self.number(request["bodySize"]) == 5000)

        let response = try #require(entries[0]["response"] as? [String: Any])
        let content = try #require(response["content"] as? [String: Any])
        #expect(content["text"] == nil)
        #expect((content["comment"] as? String)?.contains("10000 bytes") == true)
        #expect(Self.number(content["size"]) == 10000)
        #expect(Self.number(response["bodySize"]) == 10000)

        let kept = (entries[1]["response"] as? [String: Any])?["content"] as? [String: Any]
        #expect((kept?["text"] as? String)?.count == 1000)
    }

    @Test("a body the caller did not keep keeps its real size and says why it is missing")
    func bodyLeftOutByTheCaller() throws {
        let size = 11_634_112
        let exchange = HAREntry(
            startedDate: Self.start, method: "PUT", url: "https://example.com/big",
            requestHeaders: [HeaderField(name: "Content-Type", value: "application/json")],
            requestBodyLeftOut: HARLeftOutBody(size: 2_000_000, reason: "too large to keep"), statusCode: 200,
            responseHeaders: [
                HeaderField(name: "Content-Type", value: "application/json"),
                HeaderField(name: "Content-Length", value: String(size)),
            ],
            responseBodyLeftOut: HARLeftOutBody(size: size, reason: "let go to save memory"), totalTime: 0.5)
        let compressed = HAREntry(
            startedDate: Self.start, method: "GET", url: "https://example.com/gz", statusCode: 200,
            responseHeaders: [
                HeaderField(name: "Content-Encoding", value: "gzip"),
                HeaderField(name: "Content-Length", value: "4000"),
            ],
            responseBodyLeftOut: HARLeftOutBody(size: 90_000, reason: "let go to save memory"), totalTime: 0.5)
        let entries = try Self.entries([exchange, compressed])

        let response = try #require(entries[0]["response"] as? [String: Any])
        let content = try #require(response["content"] as? [String: Any])
        #expect(Self.number(content["size"]) == Double(size))
        #expect(Self.number(response["bodySize"]) == Double(size))
        #expect(content["text"] == nil)
        #expect(content["comment"] as? String == "The body, 11634112 bytes, was left out: let go to save memory.")

        let request = try #require(entries[0]["request"] as? [String: Any])
        #expect(Self.number(request["bodySize"]) == 2_000_000)
        let postData = try #require(request["postData"] as? [String: Any])
        #expect(postData["mimeType"] as? String == "application/json")
        #expect(postData["comment"] as? String == "The body, 2000000 bytes, was left out: too large to keep.")

        let encoded = try #require(entries[1]["response"] as? [String: Any])
        #expect(Self.number((encoded["content"] as? [String: Any])?["size"]) == 90_000)
        #expect(Self.number(encoded["bodySize"]) == 4000, "on the wire: the Content-Length of the encoded body")
    }

    @Test("the bodies left out are listed with their reasons, the limit's own included")
    func leftOutList() {
        let exchanges = [
            HAREntry(
                startedDate: Self.start, method: "GET", url: "https://example.com/a", statusCode: 200,
                responseBodyLeftOut: HARLeftOutBody(size: 5, reason: "let go"), totalTime: 0),
            HAREntry(
                startedDate: Self.start, method: "GET", url: "https://example.com/b", statusCode: 200,
                responseBody: Data(count: 2000), totalTime: 0),
            HAREntry(
                startedDate: Self.start, method: "GET", url: "https://example.com/c", statusCode: 200,
                responseBody: Data(count: 10), totalTime: 0),
        ]
        let leftOut = HARLog.leftOutBodies(of: exchanges, maximumBodyBytes: 1000)
        #expect(leftOut.map(\.size) == [5, 2000])
        #expect(leftOut.first?.reason == "let go")
        #expect(leftOut.last?.reason == "larger than 1000 bytes, the most this file holds of one body")
    }

    @Test("an exchange without a response has status 0, an _error and no content")
    func failedExchange() throws {
        let entry = try #require(try Self.entries(Self.sample).last)
        let response = try #require(entry["response"] as? [String: Any])
        #expect(Self.number(response["status"]) == 0)
        #expect(response["statusText"] as? String == "")
        #expect((response["_error"] as? String)?.hasPrefix("Could not connect") == true)
        #expect(Self.number(response["bodySize"]) == -1)
        let content = try #require(response["content"] as? [String: Any])
        #expect(Self.number(content["size"]) == 0 && content["text"] == nil)
        #expect(Self.number(entry["time"]) == 3000)
        #expect((entry["request"] as? [String: Any])?["postData"] == nil)

        let silent = HAREntry(
            startedDate: Self.start, method: "GET", url: "https://example.com/", statusCode: nil, totalTime: -1)
        let silentEntry = try #require(try Self.entries([silent]).first)
        #expect((silentEntry["response"] as? [String: Any])?["_error"] as? String == "No response was received.")
        #expect(Self.number(silentEntry["time"]) == 0)
    }

    @Test("a Set-Cookie value with several cookies gives a header and a cookie for each, attributes read")
    func setCookieLines() throws {
        let exchange = HAREntry(
            startedDate: Self.start, method: "GET", url: "https://example.com/", statusCode: 200,
            responseHeaders: [
                HeaderField(
                    name: "Set-Cookie",
                    value: "a=\(Self.setCookie); Path=/app; Domain=example.com; Secure\n"
                        + "b=\(Self.session); Expires=Wed, 21 Oct 2026 07:28:00 GMT; HttpOnly")
            ], totalTime: 0.01)
        let data = HARLog.render([exchange], creatorName: "hammock", creatorVersion: "1.0")
        #expect(data.range(of: Data(Self.setCookie.utf8)) == nil && data.range(of: Data(Self.session.utf8)) == nil)
        let response = try #require(try Self.entries([exchange])[0]["response"] as? [String: Any])
        let headers = try #require(response["headers"] as? [[String: Any]])
        #expect(headers.compactMap { $0["value"] as? String }.count == 2)
        let cookies = try #require(response["cookies"] as? [[String: Any]])
        #expect(cookies.count == 2)
        #expect(cookies[0]["name"] as? String == "a" && cookies[0]["path"] as? String == "/app")
        #expect(cookies[0]["domain"] as? String == "example.com" && cookies[0]["secure"] as? Bool == true)
        #expect(cookies[1]["expires"] as? String == "2026-10-21T07:28:00.000Z")
        #expect(cookies[1]["httpOnly"] as? Bool == true && cookies[1]["value"] as? String == SecretMasker.mask)
    }

    @Test("a compressed response reports the wire Content-Length as bodySize and the decoded size as content.size")
    func compressedBodySize() throws {
        let exchange = HAREntry(
            startedDate: Self.start, method: "GET", url: "https://example.com/", statusCode: 200,
            responseHeaders: [
                HeaderField(name: "Content-Encoding", value: "gzip"), HeaderField(name: "Content-Length", value: "42"),
            ], responseBody: Data(repeating: 0x61, count: 500), totalTime: 0.01)
        let response = try #require(try Self.entries([exchange])[0]["response"] as? [String: Any])
        #expect(Self.number(response["bodySize"]) == 42)
        #expect(Self.number((response["content"] as? [String: Any])?["size"]) == 500)
    }

    @Test("the same exchanges give the same bytes, fields in the order HAR lists them")
    func deterministic() throws {
        let first = HARLog.render(Self.sample, creatorName: "hammock", creatorVersion: "1.0")
        let second = HARLog.render(Self.sample, creatorName: "hammock", creatorVersion: "1.0")
        #expect(first == second)
        let text = try #require(String(data: first, encoding: .utf8))
        #expect(text.hasPrefix("{\n  \"log\": {\n    \"version\": \"1.2\",\n    \"creator\": {"))
        let order = ["\"startedDateTime\"", "\"time\"", "\"request\"", "\"response\"", "\"cache\"", "\"timings\""]
        let positions = try order.map { try #require(text.range(of: $0)).lowerBound }
        #expect(positions == positions.sorted())

        let empty = try Self.parse(HARLog.render([], creatorName: "hammock", creatorVersion: "1.0"))
        #expect(((empty["log"] as? [String: Any])?["entries"] as? [Any])?.isEmpty == true)
    }
}
