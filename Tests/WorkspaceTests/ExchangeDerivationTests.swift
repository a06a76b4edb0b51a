import Foundation
import Safety
import TestSupport
import Testing
import Workspace

@Suite("History entries and HAR entries derived from one exchange")
struct ExchangeDerivationTests {
    private static let bearer = "eyJhbGciOiJIUzI1NiJ9.ZGVyaXZlZA.Kx81bQ"

    /// A POST redirected twice (308, then 307) to the URL that answered 201, with a secret header.
    private static let exchange = Exchange(
        date: Date(timeIntervalSince1970: 1_760_000_000.5),
        method: "POST",
        url: "https://api.example.com/v1/orders?page=2",
        requestHeaders: [
            HeaderField(name: "Authorization", value: "Bearer \(bearer)"),
            HeaderField(name: "Content-Type", value: "application/json"),
            HeaderField(name: "X-Trace", value: "a"),
            HeaderField(name: "X-Trace", value: "b"),
        ],
        requestBody: Data(#"{"item":42}"#.utf8),
        statusCode: 201,
        reasonPhrase: "Created",
        httpVersion: "HTTP/1.1",
        responseHeaders: [
            HeaderField(name: "Content-Type", value: "application/json"),
            HeaderField(name: "Location", value: "https://api.example.com/v3/orders/7"),
        ],
        redirects: [
            RedirectHop(
                url: "https://api.example.com/v1/orders?page=2", statusCode: 308,
                headers: [
                    HeaderField(name: "Location", value: "https://api.example.com/v2/orders?page=2"),
                    HeaderField(name: "X-Hop", value: "hop-one-only"),
                ]),
            RedirectHop(
                url: "https://api.example.com/v2/orders?page=2", statusCode: 307,
                headers: [HeaderField(name: "Location", value: "https://api.example.com/v3/orders?page=2")]),
        ],
        finalURL: "https://api.example.com/v3/orders?page=2",
        timeToFirstByte: 0.02,
        totalTime: 0.05,
        wireSize: 8,
        body: Data(#"{"id":7}"#.utf8))

    private static func pairs(_ list: Any?) -> [HeaderField] {
        ((list as? [[String: Any]]) ?? []).map {
            HeaderField(name: $0["name"] as? String ?? "", value: $0["value"] as? String ?? "")
        }
    }

    /// A JSON number as an integer.
    private static func integer(_ value: Any?) -> Int? { (value as? NSNumber)?.intValue }

    @Test("a history entry and the HAR entries of the same exchange agree on method, URL, status, headers, redirects")
    func historyAndHARAgree() async throws {
        let folder = try TemporaryFolder()
        let store = try await HistoryStore(fileURL: URL(fileURLWithPath: folder.path("history.sqlite")))
        let recorded = try await store.record(Self.exchange)
        let entry = try #require(try await store.entry(id: recorded.id))

        // The entries as derived, before masking: one per hop, then the final response's.
        let derived = HAREntry.entries(of: Self.exchange)
        #expect(derived.count == entry.redirects.count + 1)
        #expect(derived.allSatisfy { $0.method == entry.method && $0.startedDate == entry.date })
        #expect(derived.first?.url == Self.exchange.url)
        #expect(derived.last?.url == Self.exchange.finalURL)
        #expect(derived.last?.statusCode == Self.exchange.statusCode)
        #expect(derived.last?.requestHeaders == Self.exchange.requestHeaders)
        #expect(derived.last?.responseHeaders == Self.exchange.responseHeaders)
        #expect(derived.last?.requestBody == Self.exchange.requestBody)
        #expect(derived.last?.responseBody == Self.exchange.body)
        #expect(derived.dropLast().map(\.url) == Self.exchange.redirects.map(\.url))
        #expect(derived.dropLast().map(\.statusCode) == Self.exchange.redirects.map(\.statusCode))
        #expect(derived.dropLast().map(\.responseHeaders) == Self.exchange.redirects.map(\.headers))
        #expect(
            derived.dropLast().map(\.redirectURL)
                == ["https://api.example.com/v2/orders?page=2", "https://api.example.com/v3/orders?page=2"])

        // The HAR file as written, masked, against the history entry as stored, masked.
        let data = HARLog.render(derived, creatorName: "hammock", creatorVersion: "1.0")
        #expect(data.range(of: Data(Self.bearer.utf8)) == nil)
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let har = try #require((document["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        let requests = har.map { $0["request"] as? [String: Any] ?? [:] }
        let responses = har.map { $0["response"] as? [String: Any] ?? [:] }
        #expect(har.count == entry.redirects.count + 1)
        #expect(requests.allSatisfy { $0["method"] as? String == entry.method })
        #expect(requests.first?["url"] as? String == entry.url)
        #expect(requests.last?["url"] as? String == entry.finalURL)
        #expect(Self.integer(responses.last?["status"]) == entry.statusCode)
        #expect(responses.last?["statusText"] as? String == entry.reasonPhrase)
        #expect(responses.last?["httpVersion"] as? String == entry.httpVersion)
        #expect(Self.pairs(requests.last?["headers"]) == entry.requestHeaders)
        #expect(entry.requestHeaders.first?.value == "Bearer \(SecretMasker.mask)")
        #expect(Self.pairs(responses.last?["headers"]) == entry.responseHeaders)
        #expect(requests.dropLast().map { $0["url"] as? String } == entry.redirects.map(\.url))
        #expect(responses.dropLast().map { Self.integer($0["status"]) } == entry.redirects.map(\.statusCode))
    }

    @Test("the history keeps a redirect's URL and status in the file's format, not its headers")
    func redirectsColumnFormat() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("history.sqlite")
        let store = try await HistoryStore(fileURL: URL(fileURLWithPath: path))
        let recorded = try await store.record(Self.exchange)
        #expect(
            recorded.redirects == [
                RedirectHop(url: "https://api.example.com/v1/orders?page=2", statusCode: 308),
                RedirectHop(url: "https://api.example.com/v2/orders?page=2", statusCode: 307),
            ])
        await store.close()

        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // Each redirect is a JSON object of exactly its URL and status, members in either order.
        for (url, status) in [
            ("https://api.example.com/v1/orders?page=2", 308), ("https://api.example.com/v2/orders?page=2", 307),
        ] {
            let urlFirst = #"{"url":"\#(url)","statusCode":\#(status)}"#
            let statusFirst = #"{"statusCode":\#(status),"url":"\#(url)"}"#
            #expect(
                bytes.range(of: Data(urlFirst.utf8)) != nil || bytes.range(of: Data(statusFirst.utf8)) != nil,
                "\(url) is not stored as {url, statusCode}")
        }
        #expect(bytes.range(of: Data(#""headers":"#.utf8)) == nil)
        #expect(bytes.range(of: Data("hop-one-only".utf8)) == nil)
    }
}
