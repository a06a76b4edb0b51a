import Foundation
import TestSupport
import Testing

@testable import Workspace

/// What a finished `bash -c` run printed.
private struct BashRun: Sendable {
    let status: Int32
    let output: Data
    let errors: String
}

private func runBash(_ script: String) async throws -> BashRun {
    try await OffPool.run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return BashRun(
            status: process.terminationStatus, output: outputData, errors: String(decoding: errorData, as: UTF8.self))
    }
}

@Suite("Rendered curl commands run by bash and curl")
struct CurlCommandWithRealCurlTests {
    private static let definitions: [(String, RequestDefinition)] = [
        (
            "PUT with a tricky JSON body",
            RequestDefinition(
                method: "PUT", url: "anything/items/1?q=a%20b&x=1",
                headers: [
                    HeaderField(name: "Content-Type", value: "application/json"),
                    HeaderField(name: "X-Quote", value: #"it's "quoted" $HOME `id` \n"#),
                    HeaderField(name: "X-Empty", value: ""),
                ],
                body: "{\n  \"text\": \"it's \\\"quoted\\\" $HOME $(id) `id` \\\\ ! 😀 名前\",\n\t\"n\": 1.50\n}\n",
                bodyKind: .json)
        ),
        (
            "POST form without a Content-Type",
            RequestDefinition(
                method: "POST", url: "anything/form",
                headers: [HeaderField(name: "Authorization", value: "Bearer abc")],
                body: "a=1&b=two+words&c=%40", bodyKind: .form)
        ),
        (
            "DELETE with a text body holding control characters",
            RequestDefinition(method: "DELETE", url: "anything/x", body: "tab\tcr\r\nbell\u{07}end", bodyKind: .text)
        ),
        ("GET with a query", RequestDefinition(method: "GET", url: "anything/get?x[]=1&y={2}")),
    ]

    @Test("curl sends exactly the method, headers and body of the definition")
    func echo() async throws {
        let which = try await runBash("command -v curl")
        try #require(
            which.status == 0,
            "curl is not installed: these tests run rendered commands with bash and curl (install it with apt-get install curl)"
        )
        let server = try await SharedDemoServer.get()
        for (name, relative) in Self.definitions {
            var definition = relative
            definition.url = server.baseURL.absoluteString + relative.url
            for multiline in [false, true] {
                let command = CurlCommand.render(definition, masked: false, multiline: multiline)
                let run = try await runBash(command + " -sS --max-time 20")
                try #require(run.status == 0, "\(name): curl failed (\(run.status)): \(run.errors)\n\(command)")
                let echo = try #require(try JSONSerialization.jsonObject(with: run.output) as? [String: Any], "\(name)")
                #expect(echo["method"] as? String == definition.method, "\(name)")
                let sentPath = try #require(echo["url"] as? String)
                #expect(definition.url.hasSuffix(sentPath), "\(name): \(sentPath)")
                let headers = try #require(echo["headers"] as? [String: String], "\(name)")
                var expectedHeaders = definition.headers
                if definition.bodyKind == .text {
                    expectedHeaders.append(HeaderField(name: "Content-Type", value: "text/plain; charset=utf-8"))
                }
                if definition.body != nil, definition.bodyKind == .form {
                    expectedHeaders.append(
                        HeaderField(name: "Content-Type", value: "application/x-www-form-urlencoded"))
                }
                for header in expectedHeaders {
                    #expect(headers[header.name.lowercased()] == header.value, "\(name): \(header.name)")
                }
                #expect((echo["data"] as? String) == (definition.body ?? ""), "\(name)\n\(command)")
            }
        }
    }
}
