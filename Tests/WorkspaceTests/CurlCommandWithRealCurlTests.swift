import DemoAPI
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

@Suite("Rendered multipart forms and file bodies run by bash and curl")
struct CurlUploadWithRealCurlTests {
    @Test("curl sends each -F part with the name, file name, type and bytes hammock reads in it, and a file body whole")
    func uploads() async throws {
        let which = try await runBash("command -v curl")
        try #require(
            which.status == 0,
            "curl is not installed: these tests run rendered commands with bash and curl (install it with apt-get install curl)"
        )
        let server = try await SharedDemoServer.get()
        let folder = try TemporaryFolder(prefix: "hammock-curl-upload")
        let photo = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try photo.write(to: URL(fileURLWithPath: folder.path("photo one.PNG")))
        let binary = Data((0..<300).map { UInt8(truncatingIfNeeded: $0) })
        try binary.write(to: URL(fileURLWithPath: folder.path("data.bin")))
        try folder.write("notes.txt", "line one\nline two\n")
        let lines = [
            #"title=Holiday "2024";type=text/x-custom"#, "photo=@\(folder.path("photo one.PNG"))",
            "bin=@\(folder.path("data.bin"));filename=a \"quoted\" name.pdf", "notes=<\(folder.path("notes.txt"))",
            #"raw="@not a file; really""#, "empty=", #"page="<p>hi</p>";filename=page.html"#,
        ]
        let definition = RequestDefinition(
            method: "POST", url: server.baseURL.absoluteString + "upload", body: lines.joined(separator: "\n"),
            bodyKind: .multipart)
        let parts = try MultipartPart.parts(inBody: try #require(definition.body))
        let run = try await runBash(CurlCommand.render(definition, masked: false) + " -sS --max-time 20")
        try #require(run.status == 0, "curl failed (\(run.status)): \(run.errors)")
        let answer = try #require(try JSONSerialization.jsonObject(with: run.output) as? [String: Any])
        let received = try #require(answer["parts"] as? [[String: Any]], "\(answer)")
        try #require(received.count == parts.count)
        let contents = [
            Data(#"Holiday "2024""#.utf8), photo, binary, Data("line one\nline two\n".utf8),
            Data("@not a file; really".utf8),
            Data(), Data("<p>hi</p>".utf8),
        ]
        for (index, part) in parts.enumerated() {
            let got = received[index]
            #expect(got["name"] as? String == part.name)
            #expect(
                got["filename"] as? String == part.sentFilename.map { $0.replacingOccurrences(of: "\"", with: "%22") })
            #expect(got["contentType"] as? String == part.sentContentType, "\(part.spec)")
            var checksum = UploadChecksum()
            checksum.add(contents[index])
            #expect(got["length"] as? Int == contents[index].count, "\(part.spec)")
            #expect(got["checksum"] as? String == checksum.hex, "\(part.spec)")
        }

        let file = RequestDefinition(
            method: "PUT", url: server.baseURL.absoluteString + "upload", body: folder.path("photo one.PNG"),
            bodyKind: .file)
        let fileRun = try await runBash(CurlCommand.render(file, masked: false) + " -sS --max-time 20")
        try #require(fileRun.status == 0, "curl failed (\(fileRun.status)): \(fileRun.errors)")
        let fileAnswer = try #require(try JSONSerialization.jsonObject(with: fileRun.output) as? [String: Any])
        var checksum = UploadChecksum()
        checksum.add(photo)
        #expect(fileAnswer["method"] as? String == "PUT")
        #expect(fileAnswer["length"] as? Int == photo.count)
        #expect(fileAnswer["checksum"] as? String == checksum.hex)
        #expect(fileAnswer["contentType"] as? String == "application/octet-stream")
    }
}
