import DemoAPI
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `.http` files on the command line: run beside YAML requests with their environment file,
/// imported into a collection, exported back, and the export run again.
@Suite("hammock run, import and export with .http files")
struct RunHTTPFileTests {
    static func httpFile(base: String) -> String {
        """
        @user = ada

        ### Log in
        # @name login
        POST {{base}}/login
        Content-Type: application/json

        {"username": "{{user}}", "password": "{{password}}"}

        > {%
            client.test("logged in", function() {
                client.assert(response.status === 200, "status");
            });
            client.global.set("token", response.body.token);
        %}

        ### Who am I (request variable)
        GET {{base}}/me
        Authorization: Bearer {{login.response.body.$.token}}
        X-Trace: {{$uuid}}

        # @assert status == 200
        # @assert $.username == "ada"

        ### Who am I (captured global)
        # @name me-again
        GET {{base}}/me
        Authorization: Bearer {{token}}

        > {%
            client.assert(response.body.username === "ada");
            console.log(response.body);
        %}

        """
    }

    @Test("a folder of YAML and .http files passes, with the .http file's environment and handlers")
    func mixedFolder() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.shutdown() } }
        let base = String(server.baseURL.absoluteString.dropLast())
        let folder = try TemporaryFolder(prefix: "hammock-http")
        _ = try folder.write("api/auth.http", Self.httpFile(base: base))
        _ = try folder.write("api/http-client.env.json", #"{"local": {"base": "\#(base)"}}"#)
        _ = try folder.write("api/http-client.private.env.json", #"{"local": {"password": "secret"}}"#)
        _ = try folder.write(
            "api/users.yaml",
            "url: \(base)/users\nassert:\n  - status == 200\n  - $ count >= 3\n  - $[0].name type == string\n")
        let run = try await HammockProcess.run(
            ["run", folder.path("api"), "--env", "local", "--report", "junit:\(folder.path("junit.xml"))"], timeout: 60)
        #expect(run.status == 0, "\(run.output)\n\(run.error)")
        #expect(run.output.contains("4 requests: 4 passed"), "\(run.output)")
        #expect(run.error.contains("console.log"), "the unmapped handler line is named: \(run.error)")
        #expect(run.error.contains("auth.http:"), "\(run.error)")
        let logins = try await Self.logins(server)
        #expect(logins == 1, "the login ran once for both requests that need it")
        let junit = try String(contentsOfFile: folder.path("junit.xml"), encoding: .utf8)
        #expect(junit.contains("tests=\"4\""), "\(junit)")
        #expect(!junit.contains("\"secret\""))
    }

    @Test("a broken .http file exits 2 with file:line:column")
    func broken() async throws {
        let folder = try TemporaryFolder(prefix: "hammock-http")
        let file = try folder.write("bad.http", "GET http://127.0.0.1:1/x\nNot a header\n\n> {%\nclient.test(\n")
        let run = try await HammockProcess.run(["run", file])
        #expect(run.status == 2, "\(run.output)\n\(run.error)")
        #expect(run.output.contains("\(file):"), "\(run.output)")
        let badCheck = try folder.write("check.http", "### A\n# @assert $.a-b exists\nGET http://127.0.0.1:1/x\n")
        let checked = try await HammockProcess.run(["run", badCheck])
        #expect(checked.status == 2, "\(checked.output)\n\(checked.error)")
        #expect(
            checked.output.contains("\(badCheck):3: the assertion “$.a-b exists”: column 4: invalid JSONPath"),
            "\(checked.output)")
    }

    @Test("imported into a collection, run from there, exported and imported again the same")
    func importExport() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.shutdown() } }
        let base = String(server.baseURL.absoluteString.dropLast())
        let folder = try TemporaryFolder(prefix: "hammock-http")
        let source = try folder.write("auth.http", Self.httpFile(base: base))
        _ = try folder.write("http-client.env.json", #"{"local": {"base": "\#(base)"}}"#)
        _ = try folder.write("http-client.private.env.json", #"{"local": {"password": "secret"}}"#)
        let imported = try await HammockProcess.run(["import", "http", source, "--into", folder.path("col")])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.output.contains("+ auth/login.yaml"), "\(imported.output)")
        #expect(imported.output.contains("env environments/_shared.yaml"), "\(imported.output)")
        #expect(imported.output.contains("env environments/local.yaml"), "\(imported.output)")
        #expect(imported.output.contains("password"), "the private value is named, not copied: \(imported.output)")
        let local = try String(contentsOfFile: folder.path("col/environments/local.yaml"), encoding: .utf8)
        #expect(!local.contains("secret"))
        let login = try String(contentsOfFile: folder.path("col/auth/login.yaml"), encoding: .utf8)
        #expect(login.contains("capture:") && login.contains("token"), "\(login)")

        let run = try await HammockProcess.run(
            ["run", folder.path("col/auth"), "--env", "local", "--var", "password=secret"], timeout: 60)
        #expect(run.status == 0, "\(run.output)\n\(run.error)")

        let exported = try await HammockProcess.run(
            ["export", "http", folder.path("col"), "--output", folder.path("out/api.http")])
        #expect(exported.status == 1, "the out folder does not exist yet: \(exported.output)")
        try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: true)
        let written = try await HammockProcess.run(
            ["export", "http", folder.path("col"), "--output", folder.path("out/api.http")])
        #expect(written.status == 0, "\(written.error)")
        let text = try String(contentsOfFile: folder.path("out/api.http"), encoding: .utf8)
        #expect(text.contains("# @capture token = $.token"), "\(text)")
        #expect(text.contains("{{login.response.body.$.token}}"), "\(text)")
        let environments = try String(contentsOfFile: folder.path("out/http-client.env.json"), encoding: .utf8)
        #expect(environments.contains("\"local\""), "\(environments)")
        let again = try await HammockProcess.run(
            ["import", "http", folder.path("out/api.http"), "--into", folder.path("again")])
        #expect(again.status == 0, "\(again.error)")
        for name in ["login", "who-am-i-request-variable", "me-again"] {
            let first = try String(contentsOfFile: folder.path("col/auth/\(name).yaml"), encoding: .utf8)
            let second = try String(contentsOfFile: folder.path("again/api/\(name).yaml"), encoding: .utf8)
            #expect(first == second, "\(name): \(first) vs \(second)")
        }
        let refused = try await HammockProcess.run(
            ["export", "http", folder.path("col"), "--output", folder.path("out/api.http")])
        #expect(refused.status == 1 && refused.error.contains("--force"), "\(refused.error)")
    }

    static func logins(_ server: DemoServer) async throws -> Int {
        let data = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("logins")).0
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["count"] as? Int ?? -1
    }
}
