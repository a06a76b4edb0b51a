import Foundation
import TestSupport
import Testing

@testable import Workspace

@Suite("Auth from an environment: basic, bearer, API keys, prompts and masking")
struct AuthTests {
    private let request = RequestDefinition(method: "GET", url: "{{base}}/me#top")

    private func environment(_ text: String) throws -> (TemporaryFolder, Environment) {
        let folder = try TemporaryFolder()
        try folder.write("environments/test.yaml", "base: https://api.example.com\n" + text)
        return (folder, try EnvironmentSet(collectionFolder: folder.path).load("test"))
    }

    @Test("basic auth with the password from the process environment adds a base64 Authorization header")
    func basicFromEnvironment() throws {
        let (_, environment) = try environment(
            "user: ada\nauth:\n  type: basic\n  username: \"{{user}}\"\n  password: \"{{env:API_PASSWORD}}\"\n")
        let prepared = try environment.prepare(request, processEnvironment: ["API_PASSWORD": "s3cret:é"])
        let expected = "Basic " + Data("ada:s3cret:é".utf8).base64EncodedString()
        #expect(prepared.headers == [HeaderField(name: "Authorization", value: expected)])
        #expect(prepared.url == "https://api.example.com/me#top")
        #expect(environment.auth?.masked == "Basic auth as {{user}}, password from {{env:API_PASSWORD}}")
    }

    @Test("basic auth without a password asks for one, then uses the one given")
    func basicPrompt() throws {
        let (_, environment) = try environment("auth:\n  type: basic\n  username: ada\n")
        #expect(environment.auth?.needsPassword == true)
        #expect(environment.auth?.masked == "Basic auth as ada, password asked when sending")
        #expect(throws: RequestPreparationError.passwordNeeded(username: "ada", environment: "test")) {
            try environment.prepare(request, processEnvironment: [:])
        }
        let prepared = try environment.prepare(request, processEnvironment: [:], password: "pw")
        #expect(prepared.headers.first?.value == "Basic " + Data("ada:pw".utf8).base64EncodedString())
    }

    @Test("unresolved variables of the request and the auth are reported together, before any prompt")
    func unresolvedBeforePrompt() throws {
        let (_, environment) = try environment("auth:\n  type: basic\n  username: \"{{user}}\"\n")
        let withMissing = RequestDefinition(method: "GET", url: "{{host}}/me")
        #expect {
            try environment.prepare(withMissing, processEnvironment: [:])
        } throws: { error in
            guard case .unresolved(let unresolved) = error as? RequestPreparationError else { return false }
            return unresolved.message == "2 variables have no value: host (the URL), user (auth username)."
        }
    }

    @Test("bearer auth adds Authorization: Bearer, masked for display")
    func bearer() throws {
        let (_, environment) = try environment("auth:\n  type: bearer\n  token: tok-123\n")
        let prepared = try environment.prepare(request, processEnvironment: [:])
        #expect(prepared.headers == [HeaderField(name: "Authorization", value: "Bearer tok-123")])
        #expect(environment.auth?.masked == "Bearer token ••••••")
        #expect("\(environment.auth!)".contains("tok-123") == false)
        #expect(String(reflecting: environment.auth!).contains("tok-123") == false)
    }

    @Test("an API key goes into a header or the query, percent-encoded and before the fragment")
    func apiKey() throws {
        let (_, inHeader) = try environment(
            "key: k&1\nauth:\n  type: apiKey\n  name: X-API-Key\n  value: \"{{key}}\"\n")
        let headerRequest = try inHeader.prepare(request, processEnvironment: [:])
        #expect(headerRequest.headers == [HeaderField(name: "X-API-Key", value: "k&1")])
        #expect(inHeader.auth?.masked == "API key in header X-API-Key: from {{key}}")

        let (_, inQuery) = try environment("auth:\n  type: apiKey\n  name: api key\n  value: \"k&1 é\"\n  in: query\n")
        let queryRequest = try inQuery.prepare(request, processEnvironment: [:])
        #expect(queryRequest.url == "https://api.example.com/me?api%20key=k%261%20%C3%A9#top")
        #expect(queryRequest.headers.isEmpty)
        #expect(inQuery.auth?.masked == "API key in query parameter api key: ••••••")

        let withQuery = try AuthScheme.apiKey(name: "key", value: "v", location: .query)
            .apply(to: RequestDefinition(method: "GET", url: "/a?b=1"))
        #expect(withQuery.url == "/a?b=1&key=v")
    }

    @Test("a header or query parameter the request already has wins over the auth")
    func requestWins() throws {
        let own = RequestDefinition(
            method: "GET", url: "/a?key=mine", headers: [HeaderField(name: "authorization", value: "Bearer mine")])
        #expect(try AuthScheme.bearer(token: "env").apply(to: own).headers == own.headers)
        #expect(try AuthScheme.apiKey(name: "key", value: "env", location: .query).apply(to: own).url == "/a?key=mine")
    }

    @Test("bad auth settings are refused with a sentence")
    func badAuth() throws {
        #expect(throws: AuthError.self) {
            try AuthScheme.basic(username: "a:b", password: "p").apply(to: request)
        }
        #expect(throws: AuthError.self) {
            try AuthScheme.apiKey(name: "Bad Name", value: "v", location: .header).apply(to: request)
        }
        let folder = try TemporaryFolder()
        try folder.write("environments/a.yaml", "auth:\n  type: bearer\n")
        try folder.write("environments/b.yaml", "auth:\n  type: apiKey\n  name: k\n  value: v\n  in: body\n")
        try folder.write("environments/c.yaml", "auth:\n  type: bearer\n  token: t\n  extra: x\n")
        let set = EnvironmentSet(collectionFolder: folder.path)
        #expect(throws: EnvironmentError.self) { try set.load("a") }
        #expect(throws: EnvironmentError.self) { try set.load("b") }
        #expect(throws: EnvironmentError.self) { try set.load("c") }
    }

    @Test("without an environment, env: variables still resolve and no auth is added")
    func noEnvironment() throws {
        let prepared = try Environment.none.prepare(
            RequestDefinition(method: "GET", url: "{{env:BASE}}/x"), processEnvironment: ["BASE": "http://h"])
        #expect(prepared == RequestDefinition(method: "GET", url: "http://h/x"))
    }

    @Test("an API key in a cookie joins the request's Cookie header, once; a name that cannot be a cookie is refused")
    func cookieKey() throws {
        let scheme = AuthScheme.apiKey(name: "session", value: "s3cret", location: .cookie)
        let plain = try scheme.apply(to: RequestDefinition(method: "GET", url: "http://h/x"))
        #expect(plain.headers == [HeaderField(name: "Cookie", value: "session=s3cret")])
        let joined = try scheme.apply(
            to: RequestDefinition(
                method: "GET", url: "http://h/x", headers: [HeaderField(name: "cookie", value: "a=1")]))
        #expect(joined.headers == [HeaderField(name: "cookie", value: "a=1; session=s3cret")])
        let kept = try scheme.apply(
            to: RequestDefinition(
                method: "GET", url: "http://h/x", headers: [HeaderField(name: "Cookie", value: "session=mine")]))
        #expect(kept.headers == [HeaderField(name: "Cookie", value: "session=mine")], "the request's own wins")
        #expect(throws: AuthError.self) {
            try AuthScheme.apiKey(name: "a;b", value: "v", location: .cookie).apply(
                to: RequestDefinition(method: "GET", url: "http://h/x"))
        }
        #expect(scheme.masked == "API key in cookie session: ••••••")
    }
}
