import Foundation
import Siesta
import TestSupport
import Testing

/// Passes `Data` through unchanged; shows which content type patterns match.
private struct Tagging: ResponseTransformer {
    func process(_ response: Response) -> Response {
        guard case .success(var entity) = response else { return response }
        entity.headers["x-tagged"] = "yes"
        return .success(entity)
    }
}

@MainActor
@Suite("Content types and charsets as the server sent them")
struct ContentTypeFidelityTests {
    private func load(_ path: String) async throws -> Resource {
        let service = try await TestServer.service()
        let resource = service.resource(path)
        await completion(of: resource.load())
        return resource
    }

    @Test("contentType is the whole Content-Type header; charset is read from it")
    func wholeHeader() async throws {
        let text = try await load("/text")
        let entity = try #require(text.latestData)
        #expect(entity.contentType == "text/plain; charset=utf-8")
        #expect(entity.charset == "utf-8")
        #expect(entity.content is String)
        #expect(text.text.contains("caf\u{E9}"))

        let user = try await load("/users/1")
        #expect(user.latestData?.contentType == "application/json; charset=utf-8")
        #expect(user.jsonDict["id"] as? Int == 1)

        let quoted = Entity<Any>(content: Data(), headers: ["Content-Type": #"text/plain; Charset="KOI8-R""#])
        #expect(quoted.charset == "koi8-r")
        let empty = Entity<Any>(content: Data(), headers: ["Content-Type": "text/plain; charset="])
        #expect(empty.charset == nil)
    }

    @Test("content type patterns match regardless of parameters and case")
    func patternsIgnoreParameters() async throws {
        let service = try await TestServer.service()
        service.configure {
            $0.pipeline[.cleanup].add(Tagging(), contentTypes: ["TEXT/plain"])
        }
        let text = service.resource("/text")
        await completion(of: text.load())
        #expect(text.latestData?.header(forKey: "X-Tagged") == "yes")

        let user = service.resource("/users/1")
        await completion(of: user.load())
        #expect(user.latestData != nil)
        #expect(user.latestData?.header(forKey: "X-Tagged") == nil)
    }

    @Test("headers can be set; names are lower-cased either way")
    func settableHeaders() async throws {
        let resource = try await load("/text")
        var entity = try #require(resource.latestData)
        #expect(entity.headers["content-type"] == "text/plain; charset=utf-8")

        entity.headers["X-Request-Note"] = "kept"
        #expect(entity.headers["x-request-note"] == "kept")
        #expect(entity.headers["X-Request-Note"] == nil)
        #expect(entity.header(forKey: "X-REQUEST-NOTE") == "kept")

        entity.headers = ["Content-Type": "text/csv; charset=utf-16", "ETag": "\"v2\""]
        #expect(entity.headers == ["content-type": "text/csv; charset=utf-16", "etag": "\"v2\""])
        #expect(entity.contentType == "text/csv; charset=utf-16")
        #expect(entity.etag == "\"v2\"")

        resource.overrideLocalData(with: entity)
        #expect(resource.latestData?.header(forKey: "etag") == "\"v2\"")
    }

    @Test("text with no charset is read as ISO-8859-1")
    func textDefaultsToLatin1() async throws {
        let resource = try await load("/charsets/undeclared")
        #expect(resource.latestError == nil)
        #expect(resource.latestData?.contentType == "text/plain")
        #expect(resource.latestData?.charset == nil)
        #expect(resource.text == "caf\u{E9}")
    }

    @Test("JSON with no charset is still UTF-8")
    func jsonDefaultsToUTF8() async throws {
        let resource = try await load("/charsets/undeclared-json")
        #expect(resource.latestData?.contentType == "application/json")
        #expect(resource.jsonDict["word"] as? String == "caf\u{E9}")
    }

    @Test(
        "charsets Foundation lacks on Linux are decoded through iconv",
        arguments: [
            ("euc-jp", "日本語"), ("shift_jis", "日本語"), ("gb18030", "中文"), ("big5", "中文"), ("koi8-r", "Привет"),
        ])
    func iconvCharsets(name: String, expected: String) async throws {
        let resource = try await load("/charsets/\(name)")
        #expect(resource.latestError == nil)
        #expect(resource.latestData?.charset == name)
        #expect(resource.text == expected)
    }

    @Test("bytes that are not valid in a charset iconv knows give UndecodableText")
    func invalidBytesInIconvCharset() async throws {
        let resource = try await load("/charsets/bad-euc-jp")
        let error = try #require(resource.latestError)
        let cause = try #require(error.cause as? RequestError.Cause.UndecodableText)
        #expect(cause.encodingName == "euc-jp")
        #expect(error.userMessage == "The response is not valid EUC-JP text")
        #expect(error.entity?.content as? Data == Data([0x41, 0xFF, 0xFE]))
        #expect(resource.latestData == nil)
    }

    @Test("a charset name carrying an iconv option is an unknown charset, not an instruction")
    func optionSuffixIsUnknown() async throws {
        let resource = try await load("/charsets/suffixed")
        let error = try #require(resource.latestError)
        let cause = try #require(error.cause as? RequestError.Cause.InvalidTextEncoding)
        #expect(cause.encodingName == "euc-jp//ignore")
        #expect(resource.latestData == nil)
    }
}
