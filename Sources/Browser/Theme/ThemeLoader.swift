import Foundation
import TUICore
import Yams

/// Reads themes from YAML files and finds the theme folders.
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
/// error naming the file, line and slot; callers then fall back to the default theme.
public enum ThemeLoader {
    /// Parses theme YAML text; `file` is used in error messages. `fallback` fills missing slots.
    public static func parse(_ yaml: String, file: String, fallback: Theme = .standard) throws(ThemeError) -> Theme {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch {
            throw ThemeError(file: file, line: nil, slot: nil, reason: "not valid YAML (\(error))")
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

    /// Loads every `*.yaml`/`*.yml` theme in the folders, in order; later folders override
    /// themes of the same name. Returns the themes (the built-in default first if no file
    /// named `default` exists) and the errors of files that failed.
    public static func loadAll(from directories: [String]) -> (themes: [Theme], errors: [ThemeError]) {
        var themes: [Theme] = []
        var errors: [ThemeError] = []
        for directory in directories {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for name in names.sorted() where name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
                do {
                    let theme = try load(path: directory + "/" + name)
                    themes.removeAll { $0.name == theme.name }
                    themes.append(theme)
                } catch {
                    errors.append(error)
                }
            }
        }
        if let index = themes.firstIndex(where: { $0.name == "default" }) {
            themes.insert(themes.remove(at: index), at: 0)
        } else {
            themes.insert(.standard, at: 0)
        }
        return (themes, errors)
    }

    /// The folders searched for themes, in order: `$HAMMOCK_THEMES`, a `themes` folder next to
    /// the executable or up to four levels above it (the repository when run from `.build`), the
    /// current directory's `themes`, then `$XDG_CONFIG_HOME/hammock/themes` (user themes win).
    public static func searchDirectories(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executablePath: String = CommandLine.arguments.first ?? ""
    ) -> [String] {
        var directories: [String] = []
        if let custom = environment["HAMMOCK_THEMES"] { directories.append(custom) }
        var folder = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = folder.appendingPathComponent("themes").path
            if FileManager.default.fileExists(atPath: candidate) {
                directories.append(candidate)
                break
            }
            folder.deleteLastPathComponent()
        }
        let local = FileManager.default.currentDirectoryPath + "/themes"
        if !directories.contains(local), FileManager.default.fileExists(atPath: local) { directories.append(local) }
        directories.append(XDGPaths.configHome(environment: environment) + "/hammock/themes")
        return directories
    }
}
