import Foundation
import TestSupport
import Testing
import Workspace

@Suite("--report FORMAT:FILE")
struct RunReportSpecTests {
    @Test("junit:, json: and tap: name a format and a file; the file is everything after the first colon")
    func parsing() throws {
        #expect(try RunReportSpec(parsing: "junit:out/run.xml") == RunReportSpec(format: .junit, path: "out/run.xml"))
        #expect(try RunReportSpec(parsing: "json:run.json") == RunReportSpec(format: .json, path: "run.json"))
        #expect(try RunReportSpec(parsing: "TAP:a:b.tap") == RunReportSpec(format: .tap, path: "a:b.tap"))
    }

    @Test("anything else is one sentence naming the formats", arguments: ["xml:out.xml", "junit", "junit:", ":x", ""])
    func badSpec(_ text: String) {
        #expect {
            try RunReportSpec(parsing: text)
        } throws: { error in
            let error = error as? RunReportError
            return error?.path == nil
                && error?.message == "--report wants FORMAT:FILE with FORMAT one of junit, json, tap, not \"\(text)\"."
        }
    }

    @Test("control characters in a bad --report are shown, not echoed raw")
    func badSpecIsClean() {
        #expect {
            try RunReportSpec(parsing: "x\u{1B}[2J:y")
        } throws: { error in
            (error as? RunReportError)?.message.contains("\u{1B}") == false
        }
    }

    @Test("writing creates the missing folders, replaces an earlier report and leaves no temporary file")
    func writing() throws {
        let folder = try TemporaryFolder(prefix: "hammock-report")
        let path = folder.path("reports/ci/run.xml")
        try RunReportSpec(format: .junit, path: path).write(RunReportSamples.mixed, hostname: "ci-7")
        let first = try String(contentsOfFile: path, encoding: .utf8)
        #expect(first == JUnitReport.render(RunReportSamples.mixed, hostname: "ci-7"))
        try RunReportSpec(format: .junit, path: path).write(RunReportSamples.empty)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == JUnitReport.render(RunReportSamples.empty))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("reports/ci")) == ["run.xml"])

        for format in RunReportFormat.allCases {
            let file = folder.path("all/run.\(format.rawValue)")
            try RunReportSpec(format: format, path: file).write(RunReportSamples.mixed)
            #expect(try String(contentsOfFile: file, encoding: .utf8) == format.render(RunReportSamples.mixed))
        }
    }

    @Test("a report that cannot be written is a sentence naming its path and why")
    func unwritable() throws {
        let folder = try TemporaryFolder(prefix: "hammock-report")
        let blocker = try folder.write("file", "not a folder")
        let path = blocker + "/run.tap"
        #expect {
            try RunReportSpec(format: .tap, path: path).write(RunReportSamples.mixed)
        } throws: { error in
            let error = error as? RunReportError
            return error?.path == path
                && error?.message
                    == "Could not write the TAP report to \(path): \(blocker): a part of the path is a file, not a folder."
        }
        let directory = folder.path("taken")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        #expect {
            try RunReportSpec(format: .json, path: directory).write(RunReportSamples.mixed)
        } throws: { error in
            (error as? RunReportError)?.message.hasPrefix("Could not write the JSON report to \(directory): ") == true
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["file", "taken"])
    }

    @Test("no report holds ESC or another raw control character: only line feeds", arguments: RunReportFormat.allCases)
    func noRawControls(_ format: RunReportFormat) {
        for run in [RunReportSamples.mixed, RunReportSamples.onlyBroken, RunReportSamples.empty] {
            let text = format.render(run)
            let raw = text.unicodeScalars.filter {
                ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.value == 0xFFFE
                    || $0.value == 0xFFFF
            }
            #expect(raw.isEmpty, "\(format): \(raw.map { String($0.value, radix: 16) })")
        }
    }
}
