import Foundation
import Testing

@testable import Workspace

/// `{{$uuid}}` and friends, and `{{login.response.body.$.token}}`, are placeholders; other
/// `{{$…}}` text is named when it has no value.
@Suite("Dynamic and request-value placeholders")
struct DynamicPlaceholderTests {
    @Test(
        "references are read",
        arguments: [
            ("{{$uuid}}", VariableReference.dynamic(name: "$uuid", arguments: [])),
            ("{{ $randomInt 1 10 }}", .dynamic(name: "$randomInt", arguments: ["1", "10"])),
            ("{{$timestamp -1 d}}", .dynamic(name: "$timestamp", arguments: ["-1", "d"])),
            (
                "{{login.response.body.$.token}}",
                .requestValue(
                    RequestValueReference(
                        request: "login", side: .response, part: .body(path: "$.token"),
                        text: "login.response.body.$.token"))
            ),
            (
                "{{login.response.headers.X-Token}}",
                .requestValue(
                    RequestValueReference(
                        request: "login", side: .response, part: .header("X-Token"),
                        text: "login.response.headers.X-Token"))
            ),
            (
                "{{create.request.body.*}}",
                .requestValue(
                    RequestValueReference(
                        request: "create", side: .request, part: .body(path: nil), text: "create.request.body.*"))
            ),
            ("{{user.response}}", .variable("user.response")),
        ])
    func reads(text: String, reference: VariableReference) {
        #expect(Template(text).references == [reference])
    }

    @Test(
        "text that is no placeholder stays as written",
        arguments: [
            "{{ not a name }}", "{{$}}", "{{$1abc}}", "{\"a\":{\"b\":1}}", "{{login.response.body}x}}", "{{a\nb}}",
        ])
    func literal(text: String) {
        #expect(Template(text).references.isEmpty, "\(Template(text).segments)")
    }

    @Test("dynamic values are made per use")
    func values() throws {
        let resolver = VariableResolver(variables: [:], processEnvironment: ["HOME_DIR": "/h"])
        let text = try resolver.resolve("{{$uuid}} {{$uuid}} {{$randomInt 5 6}} {{$processEnv HOME_DIR}}", in: .body)
        let words = text.split(separator: " ")
        #expect(words.count == 4)
        #expect(UUID(uuidString: String(words[0])) != nil && words[0] == words[0].lowercased())
        #expect(words[0] != words[1])
        #expect(words[2] == "5")
        #expect(words[3] == "/h")
        let timestamp = try #require(Int(try resolver.resolve("{{$timestamp}}", in: .url)))
        #expect(abs(timestamp - Int(Date().timeIntervalSince1970)) < 5)
        let yesterday = try #require(Int(try resolver.resolve("{{$timestamp -1 d}}", in: .url)))
        #expect(abs(timestamp - yesterday - 86_400) < 5)
        #expect(try resolver.resolve("{{$isoTimestamp}}", in: .url).hasSuffix("Z"))
        #expect(try resolver.resolve("{{$datetime rfc1123}}", in: .url).hasSuffix(" GMT"))
    }

    @Test("an unknown dynamic variable or a missing request value is named")
    func missing() {
        let resolver = VariableResolver(variables: [:])
        #expect {
            try resolver.resolve("{{$nope}} {{login.response.body.$.token}}", in: .url)
        } throws: { error in
            let message = (error as? UnresolvedVariablesError)?.message ?? ""
            return message.contains("$nope (the URL; $nope is not a dynamic variable")
                && message.contains("login.response.body.$.token (the URL; run “login” first")
        }
    }

    @Test("request values come from the resolver's source")
    func requestValues() throws {
        let resolver = VariableResolver(
            variables: [:],
            requestValue: { reference in reference.request == "login" ? "tok-\(reference.text.count)" : nil })
        #expect(try resolver.resolve("Bearer {{login.response.body.$.token}}", in: .url) == "Bearer tok-27")
    }
}
