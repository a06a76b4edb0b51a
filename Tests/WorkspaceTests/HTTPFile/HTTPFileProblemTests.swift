import Testing
import Workspace

@Suite("A broken .http file is a sentence with its line and column, never a crash")
struct HTTPFileProblemTests {
    private func problem(_ text: String) -> String? {
        do {
            _ = try HTTPFileDocument.parse(text, file: "api.http")
            return nil
        } catch {
            return error.description
        }
    }

    @Test("each kind of mistake names its place")
    func mistakes() {
        #expect(problem("### A\nGET /a\n\n###\nFOO\n") == "api.http:5:1: the request line “FOO” has no URL")
        #expect(problem("  POST   \n") == "api.http:1:3: the request line “POST” has no URL")
        #expect(
            problem("curl -X POST https://a.test\n")
                == "api.http:1:1: the request “curl -X POST https://a.test” is a curl command, which is not read from "
                + ".http files here: import it as a curl command, or write it as METHOD URL and headers")
        #expect(
            problem("###\nfetch the users\n")
                == "api.http:2:1: the request line “fetch the users” does not start with a method (GET, POST, PUT, …)")
        #expect(
            problem("POST /a\nContent-Type application/json\n\n{}\n")
                == "api.http:2:1: the line “Content-Type application/json” is not a header: it has no colon (Name: value); "
                + "a blank line must come before the body")
        #expect(
            problem("POST /a\n{\"a\": 1}\n")
                == "api.http:2:1: the line “{\"a\": 1}” is not a header: “{\"a\"” is not a header name; a blank line must "
                + "come before the body")
        #expect(
            problem("GET /a\n\n> {%\n  client.assert(true);\n\n###\nGET /b\n")
                == "api.http:3:1: the response handler that starts here has no closing “%}” before the end of the request"
        )
        #expect(
            problem("< {% request.variables.set('a', 1)\nGET /a\n")
                == "api.http:1:1: the pre-request script that starts here has no closing “%}” before the end of the request"
        )
        #expect(
            problem("GET /a\n\n> {% client.log(1) %} trailing\n")
                == "api.http:3:23: the response handler ends with “%}”, but “trailing” follows it on the same line")
        #expect(
            problem("GET /a\n\n> {% %}\nstray text\n")
                == "api.http:4:1: the line “stray text” is not understood after a response handler or reference (> {% … %}, "
                + "> file, <> file, >> file, a comment, or ### to start the next request)")
        #expect(
            problem("@host\nGET /a\n")
                == "api.http:1:1: the line “@host” starts with “@” but is not a file variable (@name = value)")
        #expect(
            problem("# @retry often\nGET /a\n")
                == "api.http:1:10: “@retry” needs how many more tries and the pause between them: # @retry 10 500ms")
        #expect(
            problem("# @fresh soon\nGET /a\n")
                == "api.http:1:10: “@fresh” needs a duration (250ms, 2s, 10m, 1h): # @fresh 10m")
        #expect(
            problem("# @capture token\nGET /a\n")
                == "api.http:1:12: “@capture” needs a variable name and a query: # @capture token = $.token")
        #expect(
            problem("GET /a\n# @assert\n") == "api.http:2:10: “@assert” needs an assertion: # @assert status == 200")
        #expect(
            problem("GET /a\n# headers\n&x: 1\n")
                == "api.http:3:1: the line “&x: 1” is not a header: “&x” is not a header name; a blank line must come "
                + "before the body")
        #expect(problem("GET /a\n\n>> a\n>> b\n") == "api.http:4:1: a request can write its response to one file only")
        #expect(problem("GET /a\n\n<> \n") == "api.http:3:1: the response reference “<>” names no file")
        #expect(
            problem("GET /a\r\nAccept\r\n")
                == "api.http:2:1: the line “Accept” is not a header: it has no colon (Name: value); a blank line must come before the body"
        )
    }

    @Test("bytes that are not UTF-8 are a problem at the first bad byte")
    func notUTF8() {
        func problem(_ bytes: [UInt8]) -> String? {
            do {
                _ = try HTTPFileDocument.parse(bytes: bytes, file: "api.http")
                return nil
            } catch {
                return error.description
            }
        }
        #expect(
            problem(Array("GET /a\nX: é".utf8) + [0xFF])
                == "api.http:2:5: the file is not UTF-8 text: byte 0xFF cannot start a character")
        #expect(problem([0x47, 0xC3]) == "api.http:1:2: the file is not UTF-8 text: the file ends inside a character")
        #expect(
            problem([0xE0, 0x80, 0x80])
                == "api.http:1:1: the file is not UTF-8 text: the bytes starting with 0xE0 are not a valid character")
        #expect(
            problem([0xC3, 0x28])
                == "api.http:1:1: the file is not UTF-8 text: byte 0x28 cannot continue the character that 0xC3 starts")
        #expect(problem(Array("GET /ok\n".utf8)) == nil)
    }

    @Test("files that are odd but readable are read: empty, only separators, only comments and variables")
    func oddButFine() throws {
        for text in [
            "", "\n", "###", "###\n###\n", "# just a comment\n// another\n", "@a = 1\n@b=2", "\u{FEFF}", "\r\n\r\n",
        ] {
            let document = try HTTPFileDocument.parse(text)
            #expect(document.requests.isEmpty)
            #expect(document.text == text)
        }
        #expect(try HTTPFileDocument.parse("@a = 1\n@b=2").fileVariables.map(\.value) == ["1", "2"])
    }
}
