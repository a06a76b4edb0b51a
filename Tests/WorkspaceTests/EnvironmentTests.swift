import Foundation
import TestSupport
import Testing

@testable import Workspace

@Suite("Environments: listing, loading, _shared inheritance and broken files")
struct EnvironmentTests {
    @Test("names are sorted; _shared, hidden and other files are left out; no folder means none")
    func names() throws {
        let folder = try TemporaryFolder()
        #expect(try EnvironmentSet(collectionFolder: folder.path).names() == [])
        try folder.write("environments/prod.yaml", "base: https://api.example.com\n")
        try folder.write("environments/dev.yml", "base: http://localhost\n")
        try folder.write("environments/Staging 2.yaml", "base: https://staging\n")
        try folder.write("environments/staging 10.yaml", "base: https://staging10\n")
        try folder.write("environments/_shared.yaml", "a: 1\n")
        try folder.write("environments/.secret.yaml", "a: 1\n")
        try folder.write("environments/readme.md", "hi\n")
        try folder.write("environments/broken.yaml", "a: [\n")
        let set = RequestCollection(folder: folder.path).environments
        #expect(try set.names() == ["broken", "dev", "prod", "Staging 2", "staging 10"])
    }

    @Test("an environment inherits _shared values and auth; its own values win")
    func sharedInheritance() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "environments/_shared.yaml",
            "base: https://shared.example.com\nversion: v1\ntrace: shared\nauth:\n  type: bearer\n  token: \"{{token}}\"\n"
        )
        try folder.write("environments/dev.yaml", "base: http://localhost:8080\ntoken: abc\nport: 8080\nempty:\n")
        try folder.write("environments/open.yaml", "auth: none\n")
        let set = EnvironmentSet(collectionFolder: folder.path)

        let dev = try set.load("dev")
        #expect(dev.name == "dev")
        #expect(dev.variables.map(\.name) == ["base", "version", "trace", "token", "port", "empty"])
        #expect(dev.value(of: "base") == "http://localhost:8080")
        #expect(dev.value(of: "version") == "v1")
        #expect(dev.value(of: "port") == "8080")
        #expect(dev.value(of: "empty") == "")
        #expect(dev.auth == .bearer(token: "{{token}}"))

        let open = try set.load("open")
        #expect(open.auth == nil)
        #expect(open.value(of: "trace") == "shared")
    }

    @Test("a broken environment file is reported with its file and line")
    func brokenFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("environments/bad.yaml", "base: ok\nlist:\n  - a\n")
        try folder.write("environments/yaml.yaml", "base: ok\n  nested: [\n")
        try folder.write("environments/auth.yaml", "auth:\n  type: digest\n")
        try folder.write("environments/name.yaml", "my var: 1\n")
        try folder.write("environments/good.yaml", "a: 1\n")
        try folder.write("environments/_shared.yaml", "oops: {\n")
        let set = EnvironmentSet(collectionFolder: folder.path)
        func message(_ name: String) -> String {
            do {
                _ = try set.load(name)
                return "loaded"
            } catch {
                return error.message
            }
        }
        let path = set.folder
        #expect(message("bad") == "\(path)/bad.yaml, line 3: the value of “list” must be a single value, not a list.")
        #expect(message("yaml").hasPrefix("\(path)/yaml.yaml, line 2: not valid YAML"))
        #expect(message("auth").hasPrefix("\(path)/auth.yaml, line 2: “digest” is not an auth type"))
        #expect(message("name").hasPrefix("\(path)/name.yaml, line 1: “my var” cannot be a variable name"))
        #expect(message("good").hasPrefix("\(path)/_shared.yaml, line 2: not valid YAML"))
        #expect(message("missing") == "There is no environment “missing” (known: auth, bad, good, name, yaml).")
        #expect(message("../x") == "“../x” is not an environment name.")
    }

    @Test("secret-looking variables are masked for display")
    func maskedVariables() {
        #expect(EnvironmentVariable(name: "api_token", value: "abc").description == "api_token = ••••••")
        #expect(EnvironmentVariable(name: "password", value: "abc").maskedValue == "••••••")
        #expect(EnvironmentVariable(name: "base", value: "http://x").description == "base = http://x")
    }

    @Test("a stamp changes when the environment's file or _shared.yaml is written, created or removed")
    func stamps() throws {
        let folder = try TemporaryFolder()
        let own = try folder.write("environments/dev.yaml", "a: 1\n")
        let set = RequestCollection(folder: folder.path).environments
        let first = set.stamp(of: "dev")
        #expect(set.stamp(of: "dev") == first, "nothing changed, nothing read")
        // Written in place: the inode stays, the size and times move.
        try Data("a: 22\n".utf8).write(to: URL(fileURLWithPath: own))
        let second = set.stamp(of: "dev")
        #expect(second != first)
        #expect(second.changedFiles(since: first) == [own])
        let shared = try folder.write("environments/_shared.yaml", "b: 1\n")
        let third = set.stamp(of: "dev")
        #expect(third.changedFiles(since: second) == [shared])
        try FileManager.default.removeItem(atPath: shared)
        #expect(set.stamp(of: "dev").changedFiles(since: third) == [shared])
    }
}
