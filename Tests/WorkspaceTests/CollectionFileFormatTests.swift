import Foundation
import TestSupport
import Testing

@testable import Workspace

@Suite("Request files keep every request exactly")
struct CollectionFileFormatTests {
    private static let bodies: [String] = [
        "{\"name\": \"Ada\"}",
        "{\"name\": \"Ada\"}\n",
        "line one\nline two\n\n\n",
        "\n\nstarts with blank lines",
        "   leading spaces\n  and less on the next line",
        "\tstarts with a tab\n\tand\ttabs\tinside\n",
        "trailing spaces   \nhere too  ",
        "unicode: żółć 日本語 🦊 e\u{301}\n",
        "key: value\n- item\n# not a comment\n---\n...\n",
        "{{base}}/users and \\{{escaped}}",
        "\"quoted\" and 'single' and \\backslash",
        "windows\r\nline endings\r\n",
        "control \u{1} and \u{7F} and \u{85} and \u{2028} and \u{FEFF}",
        "\u{FEFF}starts with a byte-order mark\n",
        "",
        "\n",
        "\n\n\n",
        "   ",
        "no newline at the end",
        "a\n   \nb\n  ",
        "|\n>\n- \n? x\n",
    ]

    @Test("write then read gives the identical body, for every tricky body", arguments: bodies)
    func bodyRoundTrip(body: String) throws {
        let definition = RequestDefinition(method: "POST", url: "{{base}}/users", body: body, bodyKind: .text)
        let text = RequestFile.encode(name: "Tricky", definition: definition)
        let decoded = try RequestFile.decode(text)
        #expect(decoded.definition.body == body, "file text:\n\(text)")
        #expect(decoded.definition == definition)
        #expect(decoded.name == "Tricky")
    }

    @Test("a saved file on disk reads back identical, bodies with none and several trailing newlines")
    func savedFileRoundTrip() throws {
        let folder = try TemporaryFolder()
        let collection = RequestCollection(folder: folder.path)
        let headers = [
            HeaderField(name: "Content-Type", value: "application/json"),
            HeaderField(name: "X-Trace", value: "{{trace}}"),
            HeaderField(name: "Accept", value: "text/plain"),
            HeaderField(name: "Accept", value: "application/json"),
            HeaderField(name: "X-Empty", value: ""),
            HeaderField(name: "X-Number", value: "42"),
            HeaderField(name: "X-Bool", value: "true"),
            HeaderField(name: "X-{{env:USER}}", value: "a: b # c"),
        ]
        for body in ["{\"a\": 1}", "{\"a\": 1}\n\n\n", "  indented\n\ttabbed\n"] {
            let definition = RequestDefinition(
                method: "PATCH", url: "https://api.example.com/users?id=1#top", headers: headers, body: body,
                bodyKind: .json)
            let saved = try collection.save(definition, name: "Update: user #1", in: "users")
            let read = try collection.request(id: saved.id)
            #expect(read.problem == nil)
            #expect(read.definition == definition)
            #expect(read.definition?.body == body)
            #expect(read.name == "Update: user #1")
        }
    }

    @Test("the written file looks like the documented format")
    func writtenFormat() {
        let definition = RequestDefinition(
            method: "POST", url: "{{base}}/users",
            headers: [
                HeaderField(name: "Content-Type", value: "application/json"),
                HeaderField(name: "X-Trace", value: "{{trace}}"),
            ],
            body: "{\"name\": \"Ada\"}\n", bodyKind: .json)
        let text = RequestFile.encode(name: "Create a user", definition: definition)
        #expect(
            text == """
                name: Create a user
                method: POST
                url: "{{base}}/users"
                headers:
                  - Content-Type: application/json
                  - X-Trace: "{{trace}}"
                bodyKind: json
                body: |
                  {"name": "Ada"}

                """)
    }

    @Test("multipart and file bodies are saved as parts and a path, and read back what was written")
    func uploadBodies() throws {
        let folder = try TemporaryFolder()
        let collection = RequestCollection(folder: folder.path)
        let multipart = RequestDefinition(
            method: "POST", url: "{{base}}/photos",
            body: "title=Holiday\nphoto=@~/pictures/a b.png;type=image/png;filename=\"x;y.png\"\nraw=\"@literal\"\n",
            bodyKind: .multipart)
        let file = RequestDefinition(
            method: "PUT", url: "{{base}}/blob", headers: [HeaderField(name: "Content-Type", value: "image/png")],
            body: "{{dir}}/big.bin", bodyKind: .file)
        for definition in [multipart, file] {
            let saved = try collection.save(definition, name: "Upload \(definition.method)")
            let read = try collection.request(id: saved.id)
            #expect(read.problem == nil)
            #expect(read.definition == definition)
        }
        let text = RequestFile.encode(name: "Photo", definition: multipart)
        #expect(
            text == """
                name: Photo
                method: POST
                url: "{{base}}/photos"
                bodyKind: multipart
                body: |
                  title=Holiday
                  photo=@~/pictures/a b.png;type=image/png;filename="x;y.png"
                  raw="@literal"

                """)
        let handWritten = try RequestFile.decode("url: /up\nmethod: put\nbodyKind: file\nbody: ./data.bin\n")
        #expect(
            handWritten.definition == RequestDefinition(method: "PUT", url: "/up", body: "./data.bin", bodyKind: .file))
    }

    @Test("bodies use a block with the right chomping and indentation indicators")
    func blockIndicators() {
        #expect(YAMLScalar.block("a\nb", indent: 0) == "|-\n  a\n  b")
        #expect(YAMLScalar.block("a\nb\n", indent: 0) == "|\n  a\n  b")
        #expect(YAMLScalar.block("a\nb\n\n", indent: 0) == "|+\n  a\n  b\n")
        #expect(YAMLScalar.block(" a\nb", indent: 0) == "|2-\n   a\n  b")
        #expect(YAMLScalar.block("one line", indent: 0) == "one line")
        #expect(YAMLScalar.block("crlf\r\n", indent: 0) == "\"crlf\\r\\n\"")
    }

    @Test("headers are read from a mapping, a list of strings, of pairs and of {name, value}")
    func headerForms() throws {
        let expected = [
            HeaderField(name: "Accept", value: "text/plain"),
            HeaderField(name: "X-A", value: "1"),
        ]
        let forms = [
            "headers:\n  Accept: text/plain\n  X-A: 1\n",
            "headers:\n  - \"Accept: text/plain\"\n  - \"X-A:1\"\n",
            "headers:\n  - Accept: text/plain\n  - X-A: 1\n",
            "headers:\n  - {name: Accept, value: text/plain}\n  - name: X-A\n    value: \"1\"\n",
        ]
        for form in forms {
            let decoded = try RequestFile.decode("url: /x\n" + form)
            #expect(decoded.definition.headers == expected, "form:\n\(form)")
            #expect(decoded.definition.method == "GET")
            #expect(decoded.name == nil)
        }
        let repeated = try RequestFile.decode("url: /x\nheaders:\n  - Accept: a\n  - Accept: b\n  - accept: c\n")
        #expect(repeated.definition.headers.map(\.value) == ["a", "b", "c"])
    }

    @Test("a missing body is nil, an empty quoted body is empty, a quoted null is the text null")
    func nullBodies() throws {
        #expect(try RequestFile.decode("url: /x\n").definition.body == nil)
        #expect(try RequestFile.decode("url: /x\nbody:\n").definition.body == nil)
        #expect(try RequestFile.decode("url: /x\nbody: \"\"\n").definition.body == "")
        #expect(try RequestFile.decode("url: /x\nbody: \"null\"\n").definition.body == "null")
        let written = RequestFile.encode(
            name: "n", definition: RequestDefinition(method: "POST", url: "/x", body: "null"))
        #expect(try RequestFile.decode(written).definition.body == "null")
    }

    @Test(
        "problems name the line and the reason",
        arguments: [
            ("url: /x\nheadrs:\n  A: b\n", 2, "unknown key “headrs”"),
            ("name: x\n", nil, "the key “url” is missing"),
            ("url: /x\nbody:\n  a: 1\n", 3, "“body” must be text"),
            ("url: /x\nmethod: \"GET ME\"\n", 2, "is not a method"),
            ("url: /x\nbodyKind: xml\n", 2, "is not a body kind"),
            ("url: /x\nheaders:\n  - no colon\n", 3, "has no “:”"),
            ("url: [unclosed\n", 2, "not valid YAML"),
            ("url: /x\nurl: /y\n", 1, "appears more than once"),
            ("- just\n- a list\n", 1, "must be a mapping"),
        ] as [(String, Int?, String)])
    func problems(text: String, line: Int?, reason: String) {
        #expect {
            try RequestFile.decode(text)
        } throws: { error in
            guard let problem = error as? YAMLDocument.Problem else { return false }
            return problem.line == line && problem.reason.contains(reason)
        }
    }

    @Test("single-line scalars round-trip through YAML for many generated strings")
    func generatedScalars() throws {
        var generator = SeededGenerator(seed: 7)
        let alphabet: [String] = [
            "a", "Z", "0", "9", " ", "  ", "\t", "\n", "\r", ":", ": ", " #", "#", "-", "- ", "?", "{", "}", "[",
            "]", ",", "\"", "'", "\\", "|", ">", "&", "*", "!", "%", "@", "`", "~", "null", "true", "yes", "1.5",
            "é", "🦊", "\u{0}", "\u{1B}", "\u{85}", "\u{A0}", "\u{2028}", "\u{FEFF}", "---", "...", "/", "=",
        ]
        for _ in 0..<3000 {
            let length = Int.random(in: 0...8, using: &generator)
            let text = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            let inline = "v: " + YAMLScalar.inline(text) + "\n"
            let block = "v: " + YAMLScalar.block(text, indent: 0) + "\nafter: 1\n"
            for yaml in [inline, block] {
                let node = try #require(try YAMLDocument.parse(yaml)?.mapping?.first?.value)
                let value = try #require(YAMLDocument.Source(yaml).text(of: node), "yaml: \(yaml.debugDescription)")
                #expect(value == text, "yaml: \(yaml.debugDescription)")
            }
        }
    }
}

/// A small deterministic random number generator (SplitMix64), so generated cases repeat.
private struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
