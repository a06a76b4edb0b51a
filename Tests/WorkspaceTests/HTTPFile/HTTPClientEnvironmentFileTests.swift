import Foundation
import TestSupport
import Testing
import Workspace

@Suite("Environment files beside .http files read as hammock environments")
struct HTTPClientEnvironmentFileTests {
    private func values(_ environment: Environment?) -> [String] {
        environment?.variables.map { "\($0.name)=\($0.value)" } ?? []
    }

    @Test("JetBrains: private values override public ones, $shared is under every environment")
    func jetBrains() throws {
        let file = try HTTPClientEnvironmentFile.jetBrains(
            publicText: """
                {
                  "$shared": {"version": "v1", "base": "http://shared"},
                  "dev": {"base": "http://localhost:8080", "user": "ada", "port": 8080, "debug": true, "none": null},
                  "prod": {"base": "https://api.example.com"}
                }
                """,
            privateText: #"{"dev": {"password": "s3cret", "user": "grace"}, "$shared": {"token": "t"}, "staging": {}}"#)
        #expect(file.dialect == .jetBrains)
        #expect(file.environments.map(\.name) == ["dev", "prod", "staging"])
        #expect(
            values(file.environment(named: "dev")) == [
                "version=v1", "base=http://localhost:8080", "token=t", "user=grace", "port=8080", "debug=true", "none=",
                "password=s3cret",
            ])
        #expect(values(file.environment(named: "prod")) == ["version=v1", "base=https://api.example.com", "token=t"])
        #expect(values(file.environment(named: "staging")) == ["version=v1", "base=http://shared", "token=t"])
        #expect(file.paths == ["http-client.env.json", "http-client.private.env.json"])
        #expect(file.notes.isEmpty)
    }

    @Test("objects and arrays (JetBrains' auth settings) are left out with a note naming the place")
    func objectValues() throws {
        let file = try HTTPClientEnvironmentFile.jetBrains(
            publicText: "{\n  \"dev\": {\n    \"Security\": {\"Auth\": {}},\n    \"base\": \"b\"\n  }\n}",
            privateText: nil)
        #expect(values(file.environment(named: "dev")) == ["base=b"])
        #expect(
            file.notes == [
                "http-client.env.json:3:17: “Security” of environment “dev” is an object; hammock's variables are text, so it "
                    + "was left out"
            ])
    }

    @Test("VS Code: rest-client.environmentVariables in settings.json, comments and trailing commas allowed")
    func vsCode() throws {
        let text = """
            {
              // the editor's own settings
              "editor.tabSize": 2,
              /* the REST Client's */
              "rest-client.environmentVariables": {
                "$shared": {"version": "v1", "prodToken": "p"},
                "local": {"version": "v2", "host": "localhost", "token": "{{$shared prodToken}}",},
                "production": {"host": "example.com", "url": "http://a//b"},
              },
            }
            """
        let file = try #require(try HTTPClientEnvironmentFile.vsCodeSettings(text))
        #expect(file.dialect == .vsCode)
        #expect(
            values(file.environment(named: "local")) == [
                "version=v2", "prodToken=p", "host=localhost", "token={{$shared prodToken}}",
            ])
        #expect(
            values(file.environment(named: "production")) == [
                "version=v1", "prodToken=p", "host=example.com", "url=http://a//b",
            ])
        #expect(try HTTPClientEnvironmentFile.vsCodeSettings(#"{"editor.tabSize": 2}"#) == nil)
    }

    @Test("bad JSON is a problem naming the file, line and column")
    func badJSON() {
        #expect {
            try HTTPClientEnvironmentFile.jetBrains(
                publicText: "{\n  \"dev\": {\"a\": 1,,}\n}", publicPath: "api/http-client.env.json", privateText: nil)
        } throws: { error in
            guard let problem = error as? HTTPFileProblem else { return false }
            return problem.file == "api/http-client.env.json" && problem.line == 2 && problem.column == 18
                && problem.description.hasPrefix("api/http-client.env.json:2:18: the file is not JSON")
        }
        #expect {
            try HTTPClientEnvironmentFile.jetBrains(publicText: "{\"dev\": [1]}", privateText: nil)
        } throws: { error in
            (error as? HTTPFileProblem)?.description
                == "http-client.env.json:1:9: the environment “dev” must be an object of variable names and values"
        }
        #expect {
            try HTTPClientEnvironmentFile.vsCodeSettings("{\n  // note\n  \"rest-client.environmentVariables\": 3\n}")
        } throws: { error in
            (error as? HTTPFileProblem)?.description
                == ".vscode/settings.json:3:39: “rest-client.environmentVariables” must be an object of environment names, "
                + "each an object of variables"
        }
    }

    @Test("files are looked for in the .http file's folder, then its parents; the first folder with one wins")
    func lookup() throws {
        let root = try TemporaryFolder(prefix: "hammock-http-env")
        let nested = root.path + "/project/api/users"
        try FileManager.default.createDirectory(atPath: nested, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: root.path + "/project/.vscode", withIntermediateDirectories: true)
        try #"{"rest-client.environmentVariables": {"dev": {"base": "vscode"}}}"#.write(
            toFile: root.path + "/project/.vscode/settings.json", atomically: true, encoding: .utf8)
        let httpFile = nested + "/users.http"
        #expect(values(try HTTPClientEnvironmentFile.load(near: httpFile, name: "dev")) == ["base=vscode"])

        try FileManager.default.createDirectory(
            atPath: root.path + "/project/api/.vscode", withIntermediateDirectories: true)
        try #"{"editor.tabSize": 4}"#.write(
            toFile: root.path + "/project/api/.vscode/settings.json", atomically: true, encoding: .utf8)
        #expect(values(try HTTPClientEnvironmentFile.load(near: httpFile, name: "dev")) == ["base=vscode"])

        try #"{"dev": {"base": "private"}}"#.write(
            toFile: root.path + "/project/api/http-client.private.env.json", atomically: true, encoding: .utf8)
        let found = try #require(try HTTPClientEnvironmentFile.find(near: httpFile))
        #expect(found.dialect == .jetBrains && found.paths == [root.path + "/project/api/http-client.private.env.json"])
        #expect(values(found.environment(named: "dev")) == ["base=private"])

        #expect {
            try HTTPClientEnvironmentFile.load(near: httpFile, name: "prod")
        } throws: { error in
            (error as? HTTPFileProblem)?.description
                == root.path
                + "/project/api/http-client.private.env.json: there is no environment “prod” (there are: dev)"
        }
        let elsewhere = try TemporaryFolder(prefix: "hammock-http-env-none")
        #expect(try HTTPClientEnvironmentFile.find(near: elsewhere.path + "/a.http") == nil)
    }

    @Test("a file that is not UTF-8 is a problem with its place")
    func notUTF8() throws {
        let root = try TemporaryFolder(prefix: "hammock-http-env-bytes")
        try Data([0x7B, 0x0A, 0x22, 0xFF, 0x22, 0x7D]).write(
            to: URL(fileURLWithPath: root.path + "/http-client.env.json"))
        #expect {
            try HTTPClientEnvironmentFile.find(near: root.path + "/x.http")
        } throws: { error in
            (error as? HTTPFileProblem)?.description
                == root.path
                + "/http-client.env.json:2:2: the file is not UTF-8 text: byte 0xFF cannot start a character"
        }
    }
}
