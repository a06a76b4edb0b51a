import Foundation
import TUICore
import Testing

/// Whole-screen comparisons with golden files kept under `Tests/Goldens/`.
///
/// A golden file is readable as it is: the screen's text between `│` marks (so trailing spaces
/// show), then one style letter a cell, then what each letter means. A terminal screen captured
/// from tmux has only the text part. When a screen differs, the issue lists the rows that
/// differ, expected above actual.
///
/// After an intended change, write the files again with
/// `HAMMOCK_RECORD_GOLDENS=1 swift test --filter Golden` and read the diff in git.
public enum GoldenScreen {
    /// True when golden files are written rather than compared (`HAMMOCK_RECORD_GOLDENS=1`).
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["HAMMOCK_RECORD_GOLDENS"] == "1" }

    /// The folder golden files live in: `Tests/Goldens/<group>`, found from the calling test's
    /// source path.
    public static func folder(_ group: String, filePath: String = #filePath) -> URL {
        var url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while url.lastPathComponent != "Tests", url.path != "/" { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Goldens").appendingPathComponent(group)
    }

    /// The screen as a golden file holds it: text, styles, and the legend of the styles.
    public static func document(_ screen: Screen) -> String {
        var legend: [Style: String] = [:]
        var order: [Style] = []
        var text: [String] = []
        var styles: [String] = []
        for y in 0..<screen.height {
            text.append(row(y) + "│" + screen.line(y) + "│")
            var letters = ""
            for x in 0..<screen.width {
                let style = screen[x, y].style
                if legend[style] == nil {
                    legend[style] = letter(order.count)
                    order.append(style)
                }
                letters += legend[style] ?? "?"
            }
            styles.append(row(y) + "│" + letters + "│")
        }
        let meanings = order.map { style in "\(legend[style] ?? "?")  \(describe(style))" }
        return
            (["screen \(screen.width)×\(screen.height)", "", "text:"] + text + ["", "styles:"] + styles
            + ["", "legend:"] + meanings).joined(separator: "\n") + "\n"
    }

    /// Compares `screen` with the golden file `name` in `folder` (or writes it when recording).
    public static func expect(
        _ screen: Screen, matches name: String, in folder: URL, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        compare(document(screen), name: name, folder: folder, sourceLocation: sourceLocation)
    }

    /// Compares plain screen text (a tmux capture) with the golden file `name` in `folder`, after
    /// each mask's matches are replaced by its replacement (clocks, ports, timings).
    public static func expect(
        text: String, matches name: String, in folder: URL, masks: [Mask] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        compare(document(text: text, masks: masks), name: name, folder: folder, sourceLocation: sourceLocation)
    }

    /// A regular expression whose matches a comparison replaces, in the golden file and the
    /// screen alike.
    public typealias Mask = (pattern: String, replacement: String)

    /// What changes from run to run on hammock's screens and nothing else: clocks, ports, dates,
    /// ages and durations.
    public static let runMasks: [Mask] = [
        (#"\d\d:\d\d:\d\d\.\d{3}"#, "hh:mm:ss.mmm"),
        (#"(127\.0\.0\.1|localhost):\d+"#, "$1:PORT"),
        (#"age [0-9.]+(ms|s|m|h)"#, "age T"),
        (#"age [0-9.]*…"#, "age T"),
        (#"stale in [0-9.]+(ms|s|m|h)( [0-9]+(s|m))?"#, "stale in T"),
        (#"(\d+(h|m) )?[0-9.]+ ?(ms|s) ago"#, "T ago"),
        (#"\b[0-9.]+ ?ms\b"#, "T ms"),
        // A duration past a second (a slow machine's first request) reads as any other.
        (#"\b[0-9]+\.[0-9]+ s\b"#, "T ms"),
        (#"\b(date|Date): [A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT"#, "$1: DATE"),
    ]

    /// Plain screen text as a golden file holds it, masked.
    ///
    /// Masks work on each pane's part of a row (the text between two `│`) apart, and the part
    /// keeps its width: a masked value shorter or longer than what it hid is made up for in
    /// the first fill after it (spaces, or `─` in a title), so a value one digit wider in
    /// another run reads the same and every border stays in its column.
    public static func document(text: String, masks: [Mask]) -> String {
        let expressions = masks.compactMap { mask -> (NSRegularExpression, String)? in
            guard let expression = try? NSRegularExpression(pattern: mask.pattern) else {
                Issue.record("the mask \(mask.pattern) is not a regular expression")
                return nil
            }
            return (expression, mask.replacement)
        }
        let lines = text.components(separatedBy: "\n").enumerated().map { row, line in
            let parts = line.split(separator: "│", omittingEmptySubsequences: false)
            let masked = parts.map { mask(String($0), with: expressions) }.joined(separator: "│")
            return self.row(row) + "│" + masked + "│"
        }
        return (["text:"] + lines).joined(separator: "\n") + "\n"
    }

    /// One pane's part of a row with every mask applied, at its own width.
    static func mask(_ part: String, with masks: [(NSRegularExpression, String)]) -> String {
        var result = part
        // Where the last replacement in the part ends, in characters.
        var lastEnd: Int?
        for (expression, template) in masks {
            let whole = NSRange(result.startIndex..., in: result)
            for match in expression.matches(in: result, range: whole).reversed() {
                guard let range = Range(match.range, in: result) else { continue }
                let replacement = expression.replacementString(for: match, in: result, offset: 0, template: template)
                let start = result.distance(from: result.startIndex, to: range.lowerBound)
                let shift = replacement.count - result[range].count
                result.replaceSubrange(range, with: replacement)
                if let end = lastEnd, end > start { lastEnd = end + shift }
                lastEnd = max(lastEnd ?? 0, start + replacement.count)
            }
        }
        guard let end = lastEnd else { return part }
        // The difference goes into the first fill after the last replacement.
        var at = result.index(result.startIndex, offsetBy: end)
        while at < result.endIndex, result[at] != " ", result[at] != "─" { at = result.index(after: at) }
        let difference = part.count - result.count
        if difference > 0 {
            // A run of fill that holds a `─` (a title's rule after a space) grows at its first `─`.
            var rule = at
            while rule < result.endIndex, result[rule] == " " { rule = result.index(after: rule) }
            if rule < result.endIndex, result[rule] == "─" {
                result.insert(contentsOf: String(repeating: "─", count: difference), at: rule)
            } else {
                result.insert(contentsOf: String(repeating: " ", count: difference), at: at)
            }
        } else if difference < 0 {
            var stop = at
            var surplus = -difference
            while surplus > 0, stop < result.endIndex, result[stop] == " " || result[stop] == "─" {
                stop = result.index(after: stop)
                surplus -= 1
            }
            result.removeSubrange(at..<stop)
        }
        return result
    }

    /// The golden file `name` in `folder`, if there is one.
    public static func expected(_ name: String, in folder: URL) -> String? {
        FileManager.default.contents(atPath: file(name, in: folder).path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Writes `document` as the golden file `name` in `folder`.
    public static func record(
        _ document: String, as name: String, in folder: URL, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let file = file(name, in: folder)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(document.utf8).write(to: file)
        } catch {
            Issue.record("could not write \(file.path): \(error)", sourceLocation: sourceLocation)
        }
    }

    /// Records the issue of `actual` not matching the golden file `name` (or of there being none).
    public static func reportMismatch(
        _ actual: String, name: String, in folder: URL, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let path = file(name, in: folder).path
        guard let expected = expected(name, in: folder) else {
            Issue.record(
                Comment(
                    rawValue: "no golden file \(path): HAMMOCK_RECORD_GOLDENS=1 swift test --filter Golden "
                        + "writes it\n" + actual), sourceLocation: sourceLocation)
            return
        }
        Issue.record(
            Comment(
                rawValue: "\(name) differs from \(path) (expected, then actual):\n"
                    + difference(expected, actual)
                    + "\nAfter an intended change: HAMMOCK_RECORD_GOLDENS=1 swift test --filter Golden"),
            sourceLocation: sourceLocation)
    }

    private static func file(_ name: String, in folder: URL) -> URL { folder.appendingPathComponent(name + ".txt") }

    private static func compare(_ actual: String, name: String, folder: URL, sourceLocation: SourceLocation) {
        if isRecording {
            record(actual, as: name, in: folder, sourceLocation: sourceLocation)
        } else if expected(name, in: folder) != actual {
            reportMismatch(actual, name: name, in: folder, sourceLocation: sourceLocation)
        }
    }

    /// The rows that differ, each as `- expected` and `+ actual`, under the section they are in.
    static func difference(_ expected: String, _ actual: String) -> String {
        let old = expected.components(separatedBy: "\n")
        let new = actual.components(separatedBy: "\n")
        var lines: [String] = []
        var section = ""
        for index in 0..<max(old.count, new.count) {
            let before = index < old.count ? old[index] : "(nothing)"
            let after = index < new.count ? new[index] : "(nothing)"
            if before.hasSuffix(":"), !before.hasPrefix(" ") { section = before }
            guard before != after else { continue }
            if lines.count >= 60 {
                lines.append("…")
                break
            }
            lines.append("\(section) line \(index + 1)")
            lines.append("- " + before)
            lines.append("+ " + after)
        }
        return lines.joined(separator: "\n")
    }

    static func row(_ y: Int) -> String {
        let number = String(y)
        return String(repeating: " ", count: max(0, 3 - number.count)) + number + " "
    }

    private static let letters = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþ"
    )

    /// The letter of the `index`th style; past the alphabet, `#` and the number (never
    /// ambiguous, though it no longer fits one cell).
    private static func letter(_ index: Int) -> String {
        index < letters.count ? String(letters[index]) : "#\(index)"
    }

    private static func describe(_ style: Style) -> String {
        var parts = ["fg " + describe(style.foreground), "bg " + describe(style.background)]
        let names: [(Style.Attributes, String)] = [
            (.bold, "bold"), (.dim, "dim"), (.underline, "underline"), (.reverse, "reverse"), (.italic, "italic"),
        ]
        for (attribute, name) in names where style.attributes.contains(attribute) { parts.append(name) }
        return parts.joined(separator: " · ")
    }

    private static func describe(_ color: Color) -> String {
        switch color {
        case .default: return "default"
        case .indexed(let index): return "\(index)"
        case .rgb(let red, let green, let blue):
            return "#" + [red, green, blue].map { String(format: "%02x", $0) }.joined()
        }
    }
}
