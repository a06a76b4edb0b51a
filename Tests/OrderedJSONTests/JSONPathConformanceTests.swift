import Foundation
import Testing

@testable import OrderedJSON

/// Runs the JSONPath Compliance Test Suite (vendored in Tests/Conformance/jsonpath with its
/// licence) against ``JSONPath``.
@Suite("JSONPath passes the RFC 9535 compliance test suite")
struct JSONPathConformanceTests {
    /// Tests/Conformance/jsonpath, found by walking up from this file to the Tests folder.
    static func suiteFolder(from file: String = #filePath) -> URL? {
        var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        while folder.path != "/" {
            if folder.lastPathComponent == "Tests" {
                return folder.appendingPathComponent("Conformance/jsonpath")
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    @Test("every case of cts.json passes")
    func compliance() throws {
        let folder = try #require(Self.suiteFolder())
        let data = try Data(contentsOf: folder.appendingPathComponent("cts.json"))
        let root = try #require(
            try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any])
        let cases = try #require(root["tests"] as? [[String: Any]])
        var failures: [String] = []
        for testCase in cases {
            let name = testCase["name"] as? String ?? "?"
            if let reason = Self.failure(of: testCase) { failures.append("\(name): \(reason)") }
        }
        let passed = cases.count - failures.count
        #expect(cases.count == 703, "the suite has \(cases.count) cases")
        #expect(failures.isEmpty, "\(passed) of \(cases.count) passed; failing:\n\(failures.joined(separator: "\n"))")
    }

    /// Why a case fails, or nil when it passes.
    static func failure(of testCase: [String: Any]) -> String? {
        guard let selector = testCase["selector"] as? String else { return "no selector" }
        if testCase["invalid_selector"] as? Bool == true {
            do {
                let path = try JSONPath(selector)
                return "parsed, but the selector is invalid (\(path.query.segments.count) segments)"
            } catch {
                return nil
            }
        }
        let path: JSONPath
        do {
            path = try JSONPath(selector)
        } catch {
            return "did not parse: \(error)"
        }
        guard let documentValue = testCase["document"] else { return "no document" }
        let document: JSONDocument
        do {
            let text = try JSONSerialization.data(withJSONObject: documentValue, options: [.fragmentsAllowed])
            document = try JSONDocument(data: text)
        } catch {
            return "the document does not load: \(error)"
        }
        let nodes = path.select(in: document)
        let values = nodes.map { node -> Any in
            (try? JSONSerialization.jsonObject(
                with: Data(document.rawText(node.entry).utf8), options: [.fragmentsAllowed]))
                ?? NSNull()
        }
        let paths = nodes.map(\.normalizedPath)
        var alternatives: [(values: [Any], paths: [String]?)] = []
        if let result = testCase["result"] as? [Any] {
            alternatives.append((result, testCase["result_paths"] as? [String]))
        }
        if let results = testCase["results"] as? [[Any]] {
            let resultsPaths = testCase["results_paths"] as? [[String]]
            for (index, result) in results.enumerated() {
                alternatives.append((result, resultsPaths.map { $0[index] }))
            }
        }
        guard !alternatives.isEmpty else { return "no expected result" }
        for alternative in alternatives
        where jsonEqual(values, alternative.values) && (alternative.paths == nil || alternative.paths! == paths) {
            return nil
        }
        return "got \(paths) = \(nodes.map { document.rawText($0.entry) })"
    }

    /// JSON values compared by value: numbers by value, objects whatever their key order.
    static func jsonEqual(_ a: Any, _ b: Any) -> Bool {
        switch (a, b) {
        case (let x as [Any], let y as [Any]):
            return x.count == y.count && zip(x, y).allSatisfy { jsonEqual($0, $1) }
        case (let x as [String: Any], let y as [String: Any]):
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { jsonEqual(value, $0) } ?? false }
        case (is NSNull, is NSNull):
            return true
        case (let x as NSNumber, let y as NSNumber):
            // JSONSerialization reads true and false as numbers of Objective-C type "c" (char).
            let xIsBool = String(cString: x.objCType) == "c"
            let yIsBool = String(cString: y.objCType) == "c"
            guard xIsBool == yIsBool else { return false }
            return x == y
        case (let x as String, let y as String):
            return x.unicodeScalars.elementsEqual(y.unicodeScalars)
        default:
            return false
        }
    }
}
