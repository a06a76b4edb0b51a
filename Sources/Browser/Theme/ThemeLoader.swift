import Foundation
import TUICore
import Yams

/// Parses theme YAML (the built-in themes' and user files) and reads the user's theme folder.
///
/// A theme file looks like:
///
/// ```yaml
/// name: nord
/// colors:
///   background: "#2e3440"
///   accent: cyan
/// json:
///   key: "#81a1c1"
/// methods:
///   POST: yellow
/// ```
///
/// Values: `default`, ANSI names (`red`, `bright-red`, `gray`), `#rrggbb`, or 0–255. Slots left
/// out take the default theme's colour. Any bad value or unknown slot makes the whole file an
/// error naming the file, line and slot; ``ThemeCatalog`` reports it and leaves the theme out.
public enum ThemeLoader {
    /// Parses theme YAML text; `file` is used in error messages. `fallback` fills missing slots.
    public static func parse(_ yaml: String, file: String, fallback: Theme = .standard) throws(ThemeError) -> Theme {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch {
            throw ThemeError(
                file: file, line: nil, slot: nil, reason: "not valid YAML (\(YAMLErrorSummary.text(of: error)))")
        }
        guard let mapping = root?.mapping else {
            throw ThemeError(file: file, line: root?.mark?.line, slot: nil, reason: "a theme must be a YAML mapping")
        }
        var theme = fallback
        theme.isMonochrome = false
        var name: String?
        for (keyNode, valueNode) in mapping {
            let key = keyNode.string ?? ""
            switch key {
            case "name":
                name = valueNode.string
            case "colors", "json", "methods":
                guard let section = valueNode.mapping else {
                    throw ThemeError(
                        file: file, line: valueNode.mark?.line ?? keyNode.mark?.line, slot: key,
                        reason: "must be a mapping of slot: colour")
                }
                for (slotNode, colorNode) in section {
                    let slotPath = "\(key).\(slotNode.string ?? "")"
                    guard let slot = ThemeSlot(rawValue: slotPath) else {
                        let known = ThemeSlot.allCases.map(\.rawValue).filter { $0.hasPrefix(key + ".") }
                        throw ThemeError(
                            file: file, line: slotNode.mark?.line, slot: slotPath,
                            reason: "unknown slot (known: \(known.joined(separator: ", ")))")
                    }
                    let raw = colorNode.string ?? ""
                    guard let color = Color(themeValue: raw) else {
                        throw ThemeError(
                            file: file, line: colorNode.mark?.line, slot: slotPath,
                            reason: "\"\(TextSanitizer.sanitize(raw, maxColumns: 40))\" is not a colour "
                                + "(use default, a name like red or bright-blue, #rrggbb, or 0-255)")
                    }
                    theme.colors[slot] = color
                }
            default:
                throw ThemeError(
                    file: file, line: keyNode.mark?.line, slot: key,
                    reason: "unknown section (expected name, colors, json, methods)")
            }
        }
        guard let name, !name.isEmpty else {
            throw ThemeError(file: file, line: 1, slot: "name", reason: "every theme needs a name")
        }
        theme.name = name
        return theme
    }

    /// Loads one theme file.
    public static func load(path: String, fallback: Theme = .standard) throws(ThemeError) -> Theme {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ThemeError(file: path, line: nil, slot: nil, reason: "cannot be read")
        }
        return try parse(String(decoding: data, as: UTF8.self), file: path, fallback: fallback)
    }

    /// One theme file read from a folder: the theme, or why it could not be used.
    public struct FileResult: Sendable {
        /// The file's path.
        public var path: String
        /// The name the file gives its theme (its `name:` value when that can be read, else the
        /// file name without `.yaml`/`.yml`), so a broken file can be matched to `--theme`.
        public var themeName: String
        /// The theme, or the first problem found in the file.
        public var result: Result<Theme, ThemeError>
    }

    /// Reads every `*.yaml`/`*.yml` file in `directory`, sorted by file name. A missing folder
    /// gives no files; each file that fails is returned with its error, never skipped silently.
    public static func loadFolder(_ directory: String, fallback: Theme = .standard) -> [FileResult] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.sorted().filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.map { name in
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            let stem = String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)])
            guard let data = FileManager.default.contents(atPath: path) else {
                return FileResult(
                    path: path, themeName: stem,
                    result: .failure(ThemeError(file: path, line: nil, slot: nil, reason: "cannot be read")))
            }
            let yaml = String(decoding: data, as: UTF8.self)
            do throws(ThemeError) {
                let theme = try parse(yaml, file: path, fallback: fallback)
                return FileResult(path: path, themeName: theme.name, result: .success(theme))
            } catch {
                return FileResult(path: path, themeName: declaredName(in: yaml) ?? stem, result: .failure(error))
            }
        }
    }

    /// The `name:` a theme's YAML declares, read leniently (nil when the text is not a YAML
    /// mapping or has no usable name).
    public static func declaredName(in yaml: String) -> String? {
        guard let mapping = (try? Yams.compose(yaml: yaml))?.mapping else { return nil }
        for (key, value) in mapping where key.string == "name" {
            if let name = value.string, !name.isEmpty { return name }
        }
        return nil
    }
}
