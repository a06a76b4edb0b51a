import ArgumentParser
import Foundation
import OrderedJSON
import Workspace

/// `hammock jsonpath`: an RFC 9535 JSONPath query over a JSON file or standard input, printing
/// each match's value exactly as written there (or its normalized path), one a line.
struct JSONPathCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hammock jsonpath",
        abstract: "Query JSON with RFC 9535 JSONPath; print each match's value as written, one a line.",
        discussion: """
            The same engine as the query pane ($) in the browser. Values are printed byte for byte as they \
            stand in the input (key order, number text and escapes kept), in the order the query selects them. \
            A member name that occurs twice in an object is selected each time.

            Exit status: 0 when something matched, 1 when nothing did, 2 when the expression is not \
            JSONPath or the input is not JSON (a sentence on standard error says where).

            Examples:
              hammock jsonpath '$..id' body.json
              curl -s https://api.example.org/items | hammock jsonpath '$.items[?@.price < 10].name'
              hammock jsonpath --paths '$..email' users.json
            """)

    @Argument(help: "The JSONPath expression, e.g. '$.items[?@.price < 10].name' (quote it for the shell).")
    var expression: String

    @Argument(help: "The JSON file to read; standard input when omitted or '-'.")
    var file: String?

    @Flag(help: "Print each match's normalized path ($['items'][3]['name']) instead of its value.")
    var paths = false

    @Flag(help: "Print each match as its normalized path, a tab, and its value.")
    var both = false

    func run() throws {
        let path: JSONPath
        do {
            path = try JSONPath(expression)
        } catch {
            Self.fail(error.description)
        }
        let name = file.flatMap { $0 == "-" ? nil : $0 } ?? "standard input"
        let data: Data
        if let path = file, path != "-" {
            do throws(FileSystem.Failure) {
                data = try FileSystem.readFile(path, limit: Int(Int32.max) * 2)
            } catch {
                Self.fail("cannot read \(error.path): \(error.reason)")
            }
        } else {
            data = FileHandle.standardInput.readDataToEndOfFile()
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(data: data)
        } catch {
            Self.fail("\(name) is not JSON: \(error.description)")
        }
        var output = OutputBuffer()
        var matched = 0
        var selected: [Int] = []
        path.forEachMatch(in: document) { node in
            matched += 1
            if paths || both {
                selected.append(node.entry)
            } else {
                output.write(value: node.entry, of: document)
            }
            return true
        }
        if paths || both {
            // One walk names them all.
            let names = document.normalizedPaths(of: selected)
            for entry in selected {
                output.write(text: names[entry] ?? "$")
                if both {
                    output.write(text: "\t")
                    output.write(value: entry, of: document)
                } else {
                    output.write(text: "\n")
                }
            }
        }
        output.flush()
        if matched == 0 { throw ExitCode(1) }
    }

    /// Says `message` on standard error and exits with status 2.
    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data(("hammock jsonpath: " + message + "\n").utf8))
        Foundation.exit(2)
    }
}

/// Standard output written in large pieces.
private struct OutputBuffer {
    private var buffer = Data()

    /// Appends a value's text as written in `document`, and a line break.
    mutating func write(value entry: Int, of document: JSONDocument) {
        let range = document.valueRange(entry)
        let start = document.data.startIndex
        buffer.append(document.data[(start + range.lowerBound)..<(start + range.upperBound)])
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Appends text.
    mutating func write(text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes what is buffered.
    mutating func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
