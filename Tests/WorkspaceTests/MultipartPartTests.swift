import Foundation
import Testing

@testable import Workspace

@Suite("multipart parts in curl's -F syntax")
struct MultipartPartTests {
    @Test("fields, files and file contents read as curl reads them, with type= and filename=")
    func reading() throws {
        let cases: [(String, MultipartPart)] = [
            ("title=Holiday", MultipartPart(name: "title", content: .text("Holiday"))),
            ("title=  Holiday  ", MultipartPart(name: "title", content: .text("Holiday"))),
            ("empty=", MultipartPart(name: "empty", content: .text(""))),
            ("a=b=c", MultipartPart(name: "a", content: .text("b=c"))),
            ("photo=@/tmp/a b.png", MultipartPart(name: "photo", content: .file(path: "/tmp/a b.png"))),
            (
                "photo=@a.png;type=image/png;filename=b.png",
                MultipartPart(name: "photo", content: .file(path: "a.png"), contentType: "image/png", filename: "b.png")
            ),
            (
                "photo=@a.png; filename=b.png ;type=image/png",
                MultipartPart(name: "photo", content: .file(path: "a.png"), contentType: "image/png", filename: "b.png")
            ),
            ("notes=<notes.txt", MultipartPart(name: "notes", content: .fileContents(path: "notes.txt"))),
            (
                "notes=<n.txt;type=text/plain; charset=utf-8",
                MultipartPart(
                    name: "notes", content: .fileContents(path: "n.txt"), contentType: "text/plain; charset=utf-8")
            ),
            (#"q="a;b \"c\" \\d""#, MultipartPart(name: "q", content: .text(#"a;b "c" \d"#))),
            (#"q="@not a file""#, MultipartPart(name: "q", content: .text("@not a file"))),
            (#"q="unterminated"#, MultipartPart(name: "q", content: .text(#""unterminated"#))),
            ("f=@\"a,b;c.txt\"", MultipartPart(name: "f", content: .file(path: "a,b;c.txt"))),
            ("q= @x", MultipartPart(name: "q", content: .text("@x"))),
            (
                "t=x;type=text/plain;filename=a.txt",
                MultipartPart(name: "t", content: .text("x"), contentType: "text/plain", filename: "a.txt")
            ),
        ]
        for (spec, part) in cases {
            #expect(try MultipartPart(spec: spec) == part, "\(spec)")
        }
        #expect(
            try MultipartPart(spec: "raw=@x;type=y", literal: true)
                == MultipartPart(name: "raw", content: .text("@x;type=y")))
    }

    @Test("a part that curl would refuse, or read otherwise than it looks, is a sentence naming it")
    func refusals() {
        let cases: [(String, String)] = [
            ("novalue", "“novalue” is not a part: write name=value, name=@file or name=<file."),
            ("f=@", "The part “f” names no file after @ or <."),
            ("f=@-", "The part “f” reads standard input (-), which hammock cannot do; name a file instead."),
            ("f=@a.png,b.png", "The part “f” names several files (f=@a.png,b.png); give each file a part of its own."),
            (
                "f=(;type=multipart/mixed",
                "The part “f” starts a nested multipart body (\"(\"), which hammock does not send; quote the value (f=\"(…\") if it is text."
            ),
            (
                "f=@a;type=nonsense",
                "In “f=@a;type=nonsense”, the type “nonsense” is not a media type; write type=major/minor."
            ),
            ("f=@a;headers=X-A: 1", "In “f=@a;headers=X-A: 1”, ;headers= is a curl option hammock does not send."),
            (
                "f=<a;filename=b",
                "In “f=<a;filename=b”, a part read with < has no file name; use @ to upload the file with one."
            ),
            (
                "f=a;size=3",
                "In “f=a;size=3”, “;size=3” is not a part option (type= and filename= are); quote the value if the ; belongs to it."
            ),
            ("f=\"a\"b", "In “f=\"a\"b”, text follows the closing quote; put it inside the quotes."),
        ]
        for (spec, message) in cases {
            #expect(throws: MultipartSpecError(message), "\(spec)") { try MultipartPart(spec: spec) }
        }
        #expect(throws: MultipartSpecError("part line 3: The part “f” names no file after @ or <.")) {
            try MultipartPart.parts(inBody: "a=1\n\nf=@")
        }
    }

    @Test("spec writes a part so it reads back the same, quoting what curl would read otherwise")
    func writing() throws {
        let parts = [
            MultipartPart(name: "t", content: .text("Holiday")),
            MultipartPart(name: "t", content: .text("@literal")),
            MultipartPart(name: "t", content: .text("<literal")),
            MultipartPart(name: "t", content: .text("(x")),
            MultipartPart(name: "t", content: .text(#" spaced "quoted" \ back;semi "#)),
            MultipartPart(name: "t", content: .text("")),
            MultipartPart(
                name: "f", content: .file(path: "dir/a,b.png"), contentType: "image/png", filename: "x;y.png"),
            MultipartPart(
                name: "f", content: .fileContents(path: "\"odd\".txt"), contentType: "text/plain; charset=utf-8"),
        ]
        for part in parts {
            #expect(try MultipartPart(spec: part.spec) == part, "\(part.spec)")
        }
        #expect(parts[0].spec == "t=Holiday")
        #expect(parts[1].spec == #"t="@literal""#)
        #expect(parts[6].spec == #"f=@"dir/a,b.png";type=image/png;filename="x;y.png""#)
        let body = parts.map(\.spec).joined(separator: "\r\n")
        #expect(try MultipartPart.parts(inBody: body) == parts)
    }

    @Test("the file name and Content-Type sent are the ones curl sends")
    func sentFilenameAndType() throws {
        let cases: [(String, String?, String?)] = [
            ("f=@/tmp/photo.PNG", "photo.PNG", "image/png"),
            ("f=@/tmp/data.bin", "data.bin", "application/octet-stream"),
            ("f=@/tmp/data.bin;filename=a.pdf", "a.pdf", "application/pdf"),
            ("f=@/tmp/a.txt;type=text/x-log", "a.txt", "text/x-log"),
            ("f=</tmp/a.txt", nil, nil),
            ("f=</tmp/a.bin", nil, nil),
            ("t=hello", nil, nil),
            ("t=hello;filename=x.html", "x.html", "text/html"),
        ]
        for (spec, filename, type) in cases {
            let part = try MultipartPart(spec: spec)
            #expect(part.sentFilename == filename, "\(spec)")
            #expect(part.sentContentType == type, "\(spec)")
        }
    }

    @Test("upload paths: ~ is the home folder, relative paths join the working folder")
    func paths() {
        #expect(UploadPath.expanded("~/a.png", home: "/home/ada") == "/home/ada/a.png")
        #expect(UploadPath.expanded("~", home: "/home/ada/") == "/home/ada/")
        #expect(UploadPath.expanded("~ada/a.png", home: "/home/ada") == "~ada/a.png")
        #expect(UploadPath.expanded("~/a.png", home: nil) == "~/a.png")
        #expect(UploadPath.absolute("docs/a.txt", home: nil, currentDirectory: "/work") == "/work/docs/a.txt")
        #expect(UploadPath.absolute("~/a", home: "/h", currentDirectory: "/work") == "/h/a")
        #expect(UploadPath.absolute("/abs", home: "/h", currentDirectory: "/work") == "/abs")
    }
}
