import Foundation
import Testing

@testable import Workspace

@Suite("curl import and export of multipart forms and file bodies, and what is left out")
struct CurlUploadTests {
    @Test("-F and --form-string become a multipart body, one part a line, as curl would send it")
    func multipartImport() throws {
        let imported = try CurlCommand.read(
            "curl -F title=Holiday -F 'photo=@a b.png;type=image/png' --form-string 'raw=@x;y' "
                + "-F 'notes=<notes.txt' https://x/up")
        let definition = imported.definition
        #expect(definition.method == "POST")
        #expect(definition.url == "https://x/up")
        #expect(definition.headers.isEmpty)
        #expect(definition.bodyKind == .multipart)
        #expect(definition.body == "title=Holiday\nphoto=@a b.png;type=image/png\nraw=\"@x;y\"\nnotes=<notes.txt")
        #expect(imported.notes.isEmpty)
        #expect(try CurlCommand.parse("curl -X PUT -F a=1 https://x").method == "PUT")
    }

    @Test("--data-binary @file, -d @file, --json @file and -T file become a file body")
    func fileImport() throws {
        let binary = try CurlCommand.read("curl --data-binary @body.bin https://x/a")
        #expect(
            binary.definition
                == RequestDefinition(
                    method: "POST", url: "https://x/a",
                    headers: [HeaderField(name: "Content-Type", value: "application/x-www-form-urlencoded")],
                    body: "body.bin", bodyKind: .file))
        #expect(binary.notes.isEmpty)

        let data = try CurlCommand.read("curl -d @body.json -H 'Content-Type: application/json' https://x/a")
        #expect(data.definition.body == "body.json")
        #expect(data.definition.bodyKind == .file)
        #expect(data.definition.headers == [HeaderField(name: "Content-Type", value: "application/json")])
        #expect(
            data.notes == [
                "-d @body.json: curl drops the file's line breaks; hammock sends the file as it is (as --data-binary @body.json does)."
            ])

        let json = try CurlCommand.parse("curl --json @x.json https://x/a")
        #expect(json.bodyKind == .file)
        #expect(
            json.headers == [
                HeaderField(name: "Content-Type", value: "application/json"),
                HeaderField(name: "Accept", value: "application/json"),
            ])

        let uploads: [(String, String, String)] = [
            ("curl -T up.bin https://x/dir/", "PUT", "https://x/dir/up.bin"),
            ("curl -T dir/up.bin https://x", "PUT", "https://x/up.bin"),
            ("curl -T 'a b.txt' 'https://x/?q=1'", "PUT", "https://x/a%20b.txt?q=1"),
            ("curl -T up.bin https://x/named", "PUT", "https://x/named"),
            ("curl -X POST --upload-file up.bin https://x/f", "POST", "https://x/f"),
        ]
        for (command, method, url) in uploads {
            let definition = try CurlCommand.parse(command)
            #expect(definition.method == method, "\(command)")
            #expect(definition.url == url, "\(command)")
            #expect(definition.bodyKind == .file, "\(command)")
            #expect(definition.headers.isEmpty, "\(command)")
        }
    }

    @Test("bodies curl refuses together, standard input and parts over several lines are refused in a sentence")
    func refusals() {
        let cases: [(String, String)] = [
            (
                "curl -F a=1 -d b=2 https://x",
                "-F cannot be mixed with -d or -T: curl refuses that too; keep one kind of body."
            ),
            ("curl -T f -d b=2 https://x", "-T cannot be mixed with -d: curl refuses that too; keep one kind of body."),
            (
                "curl --data-binary @f -d b=2 https://x",
                "--data-binary @f sends a file, which hammock sends alone; it cannot join it with other data."
            ),
            (
                "curl -G -F a=1 https://x",
                "-G puts data in the URL, which it cannot do with a file or a multipart form."
            ),
            ("curl -T - https://x", "-T - reads standard input, which hammock cannot do; name a file instead."),
            (
                "curl --data-binary @- https://x",
                "--data-binary @- reads standard input, which hammock cannot do; name a file instead."
            ),
            (
                "curl -F 'f=@a,b' https://x",
                "-F: The part “f” names several files (f=@a,b); give each file a part of its own."
            ),
            (
                "curl --form-string $'msg=a\\nb' https://x",
                "--form-string: the part “msg” spans several lines, and a multipart body in hammock holds one part a line; read the value from a file instead (msg=<file)."
            ),
            ("curl -I -F a=1 https://x", "-I (a HEAD request) cannot send a body; drop -I."),
        ]
        for (command, message) in cases {
            #expect(throws: CurlParseError(message), "\(command)") { try CurlCommand.read(command) }
        }
    }

    @Test("every option that does not change the request is named in a note: -k, -L, -o, timeouts, -s and friends")
    func notes() throws {
        let result = try CurlCommand.read(
            "curl -sS -v -k -L -o out.json --max-time 30 --connect-timeout 5 --retry 3 --http2 --tcp-nodelay "
                + "--compressed -c jar.txt https://x")
        #expect(
            result.notes == [
                "Left out, since they only change what curl prints: -s, -S, -v.",
                "-k is left out: hammock checks TLS certificates unless it was started with --insecure.",
                "-L is left out: hammock follows redirects by itself (up to 10), and never carries credentials to another host.",
                "-o out.json is left out: hammock shows the response, and S saves its body to a file.",
                "--max-time 30 is left out: hammock gives up when nothing arrives for 60 s (--timeout at start), not after a total time.",
                "--connect-timeout 5 is left out: hammock waits up to 10 s to connect.",
                "--retry 3 is left out: hammock sends a request once (r loads again, Ctrl-S sends a form again).",
                "--http2 is left out: hammock speaks HTTP/1.1, or HTTP/2 when an https server offers it.",
                "--tcp-nodelay is left out: it does not change the request hammock sends.",
                "-c jar.txt is left out: hammock keeps cookies in its own jar (K lists it; --cookies FILE keeps it).",
            ])
        #expect(result.definition.headers == [HeaderField(name: "Accept-Encoding", value: "gzip, deflate")])
    }

    @Test("export writes one -F per part and --data-binary @path, and reads back as the same request")
    func export() throws {
        let multipart = RequestDefinition(
            method: "POST", url: "https://x/up",
            headers: [HeaderField(name: "User-Agent", value: "hammock/1")],
            body: "title=Holiday\nphoto=@/tmp/a b.png;type=image/png\nraw=\"@x\"", bodyKind: .multipart)
        let command = CurlCommand.render(multipart, masked: false)
        #expect(
            command
                == "curl https://x/up -H 'User-Agent: hammock/1' -F title=Holiday -F 'photo=@/tmp/a b.png;type=image/png' "
                + #"-F 'raw="@x"'"#)
        #expect(try CurlCommand.parse(command) == multipart)

        let file = RequestDefinition(method: "PUT", url: "https://x/f", body: "/tmp/data.bin", bodyKind: .file)
        let fileCommand = CurlCommand.render(file, masked: false)
        #expect(
            fileCommand
                == "curl -X PUT https://x/f -H 'Content-Type: application/octet-stream' --data-binary @/tmp/data.bin")
        var expected = file
        expected.headers = [HeaderField(name: "Content-Type", value: "application/octet-stream")]
        #expect(try CurlCommand.parse(fileCommand) == expected)

        let empty = RequestDefinition(method: "POST", url: "https://x", body: "\n", bodyKind: .multipart)
        #expect(CurlCommand.render(empty, masked: false) == "curl -X POST https://x")
    }
}
