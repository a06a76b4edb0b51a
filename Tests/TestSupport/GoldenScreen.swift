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
    /// each mask's matches are replaced by its replacement in both (clocks, ports, timings).
    public static func expect(
        text: String, matches name: String, in folder: URL, masks: [(pattern: String, replacement: String)] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var masked = text
        for mask in masks {
            masked = masked.replacingOccurrences(of: mask.pattern, with: mask.replacement, options: .regularExpression)
        }
        let lines = masked.components(separatedBy: "\n").enumerated().map { row($0.offset) + "│" + $0.element + "│" }
        compare(
            (["text:"] + lines).joined(separator: "\n") + "\n", name: name, folder: folder,
            sourceLocation: sourceLocation)
    }

    private static func compare(_ actual: String, name: String, folder: URL, sourceLocation: SourceLocation) {
        let file = folder.appendingPathComponent(name + ".txt")
        if isRecording {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: file)
            } catch {
                Issue.record("could not write \(file.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            Issue.record(
                Comment(
                    rawValue: "no golden file \(file.path): HAMMOCK_RECORD_GOLDENS=1 swift test --filter Golden "
                        + "writes it\n" + actual), sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != actual else { return }
        Issue.record(
            Comment(
                rawValue: "\(name) differs from \(file.path) (expected, then actual):\n"
                    + difference(expected, actual)
                    + "\nAfter an intended change: HAMMOCK_RECORD_GOLDENS=1 swift test --filter Golden"),
            sourceLocation: sourceLocation)
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

    private static func row(_ y: Int) -> String {
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
