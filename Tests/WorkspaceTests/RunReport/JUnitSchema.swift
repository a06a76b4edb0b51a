#if canImport(FoundationXML)
    import FoundationXML
#else
    import Foundation
#endif

/// The element and attribute names of the common JUnit XML schema (Jenkins' `junit-10.xsd`,
/// with the `file` and `line` of a test case and the `skipped` and `timestamp` of the root that
/// GitLab, GitHub reporters and Testmo's description of the format add), and a check of a
/// parsed document against them: only known elements, each under the parent the schema allows
/// and in its order, only known attributes, the required ones present, counts and times as
/// numbers.
enum JUnitSchema {
    /// What one element may hold.
    struct Rule {
        /// Attributes it must have.
        var required: Set<String>
        /// Attributes it may have besides.
        var optional: Set<String>
        /// The child elements it may have, in the order the schema's sequence puts them.
        var children: [String]
        /// True when it may hold text.
        var text: Bool
    }

    /// The rules by element name.
    static let rules: [String: Rule] = [
        "testsuites": Rule(
            required: [],
            optional: ["name", "time", "tests", "failures", "errors", "disabled", "skipped", "timestamp"],
            children: ["testsuite"], text: false),
        "testsuite": Rule(
            required: ["name", "tests"],
            optional: [
                "failures", "errors", "time", "disabled", "skipped", "timestamp", "hostname", "id", "package", "file",
                "log", "url", "version",
            ],
            children: ["properties", "testcase", "system-out", "system-err"], text: false),
        "properties": Rule(required: [], optional: [], children: ["property"], text: false),
        "property": Rule(required: ["name", "value"], optional: [], children: [], text: false),
        "testcase": Rule(
            required: ["name"],
            optional: ["assertions", "time", "classname", "status", "class", "file", "line"],
            children: ["skipped", "error", "failure", "system-out", "system-err"], text: false),
        "skipped": Rule(required: [], optional: ["message"], children: [], text: true),
        "error": Rule(required: [], optional: ["message", "type"], children: [], text: true),
        "failure": Rule(required: [], optional: ["message", "type"], children: [], text: true),
        "system-out": Rule(required: [], optional: [], children: [], text: true),
        "system-err": Rule(required: [], optional: [], children: [], text: true),
    ]

    /// Attributes whose values must be whole numbers.
    static let counts: Set<String> = ["tests", "failures", "errors", "skipped", "disabled", "assertions", "line", "id"]

    /// The problems of `element` and everything under it; empty when it follows the schema.
    static func problems(of element: XMLElement, path: String = "") -> [String] {
        let name = element.name ?? "?"
        let place = path + "/" + name
        guard let rule = rules[name] else { return ["\(place): not a JUnit element"] }
        var found: [String] = []
        let attributes = Set((element.attributes ?? []).compactMap(\.name))
        for missing in rule.required.subtracting(attributes) { found.append("\(place): no \(missing)") }
        for unknown in attributes.subtracting(rule.required.union(rule.optional)) {
            found.append("\(place): unknown attribute \(unknown)")
        }
        for attribute in element.attributes ?? [] {
            let value = attribute.stringValue ?? ""
            if counts.contains(attribute.name ?? "") && Int(value) == nil {
                found.append("\(place): \(attribute.name ?? "") is not a whole number: \(value)")
            }
            if attribute.name == "time" && (Double(value) == nil || !value.contains(".")) {
                found.append("\(place): time is not in seconds: \(value)")
            }
        }
        var lastPosition = -1
        for child in element.children ?? [] {
            switch child.kind {
            case .element:
                guard let child = child as? XMLElement, let childName = child.name else { continue }
                guard let position = rule.children.firstIndex(of: childName) else {
                    found.append("\(place): \(childName) is not allowed here")
                    continue
                }
                if position < lastPosition { found.append("\(place): \(childName) out of the schema's order") }
                lastPosition = position
                if childName == "skipped" && element.elements(forName: "skipped").count > 1 {
                    found.append("\(place): more than one skipped")
                }
                found += problems(of: child, path: place)
            case .text:
                let text = child.stringValue ?? ""
                if !rule.text && !text.allSatisfy(\.isWhitespace) { found.append("\(place): text not allowed here") }
            default:
                found.append("\(place): a node of kind \(child.kind) not allowed here")
            }
        }
        return found
    }
}
