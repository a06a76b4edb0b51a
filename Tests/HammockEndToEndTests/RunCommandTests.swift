import DemoAPI
import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `hammock run` as a whole process against the demo API: a folder of requests passes and
/// writes its reports; each exit code is provoked; a token is captured once and used by ten
/// requests.
@Suite("hammock run on the command line")
struct RunCommandTests {
    /// A collection with an environment pointing at `server`.
    static func collection(_ server: DemoServer) throws -> TemporaryFolder {
        let folder = try TemporaryFolder(prefix: "hammock-run")
        let base = String(server.baseURL.absoluteString.dropLast())
        _ = try folder.write("api/environments/demo.yaml", "base: \(base)\npassword: secret\n")
        _ = try folder.write(
            "api/1-login.yaml",
            """
            name: login
            method: POST
            url: "{{base}}/login"
            bodyKind: json
            body: |
              {"username": "ada", "password": "{{password}}"}
            capture:
              - token: $.token
            assert:
              - status == 200
              - $.tokenType == Bearer

            """)
        for index in 0..<10 {
            _ = try folder.write(
                "api/me/me-\(index).yaml",
                """
                name: me \(index)
                url: "{{base}}/me"
                headers:
                  - Authorization: Bearer {{token}}
                assert:
                  - status == 200
                  - $.username == "ada"
                  - header Content-Type contains json

                """)
        }
        return folder
    }

    @Test("a folder passes, the login runs once for ten requests, and the three reports are valid")
    func passesAndReports() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.shutdown() } }
        let folder = try Self.collection(server)
        // The requests under me/ need the token: running only them runs the login first, once.
        let run = try await HammockProcess.run(
            [
                "run", folder.path("api/me"), "--env", "demo", "--collection", folder.path("api"),
                "--report", "junit:\(folder.path("out/junit.xml"))", "--report", "json:\(folder.path("out/run.json"))",
                "--report", "tap:\(folder.path("out/run.tap"))",
            ], timeout: 60)
        #expect(run.status == 0, "\(run.output)\n\(run.error)")
        #expect(run.output.contains("11 requests: 11 passed"), "\(run.output)")
        #expect(run.output.contains("PASS   login"), "\(run.output)")
        #expect(!run.output.contains("secret") || !run.output.contains("\"password\": \"secret\""))
        let logins = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("logins")).0
        let count = try JSONSerialization.jsonObject(with: logins) as? [String: Any]
        #expect(count?["count"] as? Int == 1, "\(String(decoding: logins, as: UTF8.self))")

        let junit = try XMLDocument(contentsOf: URL(fileURLWithPath: folder.path("out/junit.xml")))
        let suites = try #require(junit.rootElement())
        #expect(suites.name == "testsuites")
        #expect(suites.attribute(forName: "tests")?.stringValue == "11")
        #expect(suites.attribute(forName: "failures")?.stringValue == "0")
        #expect(try junit.nodes(forXPath: "//testcase").count == 11)

        let json = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: folder.path("out/run.json"))))
        let summary = (json as? [String: Any])?["summary"] as? [String: Any]
        #expect(summary?["passed"] as? Int == 11, "\(String(describing: summary))")
        let tap = try String(contentsOfFile: folder.path("out/run.tap"), encoding: .utf8)
        #expect(tap.hasPrefix("TAP version 14\n1..11\n"), "\(tap)")
        #expect(tap.components(separatedBy: "\nok ").count == 12, "\(tap)")
        for report in ["out/junit.xml", "out/run.json", "out/run.tap"] {
            let text = try String(contentsOfFile: folder.path(report), encoding: .utf8)
            #expect(!text.contains("\"password\": \"secret\""), "\(report) shows the password")
        }
    }

    @Test("a failed assertion exits 4 and names expected, actual and the path")
    func assertionFails() async throws {
        let server = try await SharedDemoServer.get()
        let folder = try TemporaryFolder(prefix: "hammock-run")
        let file = try folder.write(
            "fail.yaml",
            """
            url: \(server.baseURL.absoluteString)users
            assert:
              - status == 200
              - $[0].name == "Nobody"

            """)
        let run = try await HammockProcess.run(["run", file])
        #expect(run.status == 4, "\(run.output)\n\(run.error)")
        #expect(run.output.contains("FAIL "), "\(run.output)")
        #expect(run.output.contains("✗ $[0].name == \"Nobody\""), "\(run.output)")
        #expect(run.output.contains("expected == \"Nobody\""), "\(run.output)")
        #expect(run.output.contains("(at $[0]['name'])"), "\(run.output)")
        #expect(run.output.contains("request as sent"), "\(run.output)")
        #expect(!run.output.contains("\u{1B}"), "no escapes without a terminal")
    }

    @Test("a request that cannot be sent exits 3")
    func requestFails() async throws {
        let port = try ClosedPort.make()
        let folder = try TemporaryFolder(prefix: "hammock-run")
        let file = try folder.write("refused.yaml", "url: http://127.0.0.1:\(port)/x\n")
        let run = try await HammockProcess.run(["run", file])
        #expect(run.status == 3, "\(run.output)\n\(run.error)")
        #expect(run.output.contains("ERROR"), "\(run.output)")
        #expect(run.output.contains("refused"), "\(run.output)")
    }

    @Test("a broken file exits 2 with file:line:column and a sentence")
    func unreadable() async throws {
        let folder = try TemporaryFolder(prefix: "hammock-run")
        let file = try folder.write("bad.yaml", "url: http://127.0.0.1:1/x\nassert:\n  - status =< 200\n")
        let run = try await HammockProcess.run(["run", file])
        #expect(run.status == 2, "\(run.output)\n\(run.error)")
        #expect(
            run.output.contains("\(file):3:12: the assertion “status =< 200”: “=<” is not a comparison"),
            "\(run.output)")
    }

    @Test(
        "bad usage exits 1",
        arguments: [
            ["run"], ["run", "--jobs", "0", "x"], ["run", "/nonexistent/path.yaml"], ["run", "--frobnicate", "x"],
            ["run", "--var", "no-equals", "x"], ["run", "--report", "xml:out.xml", "x"],
            ["run", "--delay", "soon", "x"],
        ])
    func usage(arguments: [String]) async throws {
        let run = try await HammockProcess.run(arguments)
        #expect(run.status == 1, "\(arguments): \(run.output)\n\(run.error)")
        #expect(run.error.contains("hammock run"), "\(run.error)")
    }

    @Test("--help describes the assertions, chaining, reports and exit codes")
    func help() async throws {
        let run = try await HammockProcess.run(["run", "--help"])
        #expect(run.status == 0)
        for text in [
            "--report", "junit:FILE", "--continue-on-failure", "--jobs", "--repeat", "--delay", "--var",
            "Exit status", "login.response.body", "capture:", "assert:", "retry:", "schema",
        ] {
            #expect(run.output.contains(text), "\(text)")
        }
    }
}
