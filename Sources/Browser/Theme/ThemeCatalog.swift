import Foundation
import Safety

/// Every theme hammock can use: the built-in ones (``BuiltInThemes``, compiled in) and the
/// user's files in `$XDG_CONFIG_HOME/hammock/themes/`, with the files that failed to load.
///
/// A user file whose theme has a built-in's name replaces that theme in place; other user
/// themes follow the built-in ones in file-name order. A file that fails is never used and
/// never hidden: it is listed in ``failures`` with its error, whether or not it is the theme
/// asked for.
///
/// ```swift
/// let catalog = ThemeCatalog.load()
/// let choice = catalog.choose("nord")
/// // choice.index is nord's position in catalog.themes; choice.note says why not, if not.
/// ```
public struct ThemeCatalog: Sendable {
    /// Where a theme came from.
    public enum Origin: Equatable, Sendable {
        /// Compiled into hammock.
        case builtIn
        /// A user file (its path); `replacesBuiltIn` when a built-in theme has the same name.
        case file(String, replacesBuiltIn: Bool)
    }

    /// A usable theme and its origin.
    public struct Entry: Sendable {
        /// The theme.
        public var theme: Theme
        /// Where it came from.
        public var origin: Origin
    }

    /// A theme file that could not be used.
    public struct Failure: Sendable {
        /// The file's path.
        public var file: String
        /// The theme name the file declares (or its file name), to match `--theme`.
        public var themeName: String
        /// The first problem found in it.
        public var error: ThemeError
    }

    /// What ``choose(_:)`` picked, and the sentence to show when it is not what was asked for.
    public struct Choice: Equatable, Sendable {
        /// The index in ``ThemeCatalog/themes``.
        public var index: Int
        /// Why the asked-for theme is not the one used (`theme nord in FILE line 4 slot
        /// colors.accent: …; using default`), or nil when it is.
        public var note: String?
    }

    /// The usable themes, the default first.
    public private(set) var entries: [Entry]
    /// The files that failed, in the order read.
    public private(set) var failures: [Failure]

    /// A catalog of the built-in themes plus the theme files of `userDirectory` (nil: none).
    public init(builtIn: [Theme] = BuiltInThemes.themes, userDirectory: String?) {
        entries = builtIn.map { Entry(theme: $0, origin: .builtIn) }
        failures = []
        guard let userDirectory else { return }
        for file in ThemeLoader.loadFolder(userDirectory) {
            switch file.result {
            case .success(let theme):
                let origin = Origin.file(file.path, replacesBuiltIn: builtIn.contains { $0.name == theme.name })
                if let index = entries.firstIndex(where: { $0.theme.name == theme.name }) {
                    entries[index] = Entry(theme: theme, origin: origin)
                } else {
                    entries.append(Entry(theme: theme, origin: origin))
                }
            case .failure(let error):
                failures.append(Failure(file: file.path, themeName: file.themeName, error: error))
            }
        }
    }

    /// The built-in themes plus the user's (`$XDG_CONFIG_HOME/hammock/themes/`).
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment) -> ThemeCatalog {
        ThemeCatalog(userDirectory: userDirectory(environment: environment))
    }

    /// The user's theme folder: `$XDG_CONFIG_HOME/hammock/themes`.
    public static func userDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        XDGPaths.configHome(environment: environment) + "/hammock/themes"
    }

    /// The usable themes, the default first.
    public var themes: [Theme] { entries.map(\.theme) }

    /// Picks the theme named `name` (nil: the default).
    ///
    /// When the user's file for `name` is broken, the built-in theme of that name is used if
    /// there is one, else the default, and the note says which file, line and slot failed.
    /// An unknown name picks the default with a note listing the known names.
    public func choose(_ name: String?) -> Choice {
        guard let name else { return Choice(index: 0, note: nil) }
        let defaultName = entries.first?.theme.name ?? "default"
        if let failure = failures.first(where: { $0.themeName == name }) {
            let builtIn = entries.firstIndex { $0.theme.name == name && $0.origin == .builtIn }
            let fallback = builtIn.map { _ in "using the built-in \(name)" } ?? "using \(defaultName)"
            return Choice(index: builtIn ?? 0, note: "theme \(Self.describe(failure)); \(fallback)")
        }
        if let index = entries.firstIndex(where: { $0.theme.name == name }) {
            return Choice(index: index, note: nil)
        }
        let known = entries.map(\.theme.name).joined(separator: ", ")
        return Choice(index: 0, note: "no theme named \(name) (known: \(known)); using \(defaultName)")
    }

    /// One sentence per failed file, for the Events pane; the file chosen with `chosen` is
    /// left out (``choose(_:)`` reports it).
    public func failureNotes(except chosen: String? = nil) -> [String] {
        failures.filter { $0.themeName != chosen }.map { "theme \(Self.describe($0)); not loaded" }
    }

    /// The `--list-themes` text: one line per theme (name, `built-in` or `user` with the file),
    /// then one per file that failed, with its file, line, slot and reason.
    public func listing() -> String {
        let width = (entries.map(\.theme.name.count) + failures.map(\.themeName.count)).max() ?? 0
        func pad(_ name: String) -> String { name + String(repeating: " ", count: max(0, width - name.count)) }
        var lines: [String] = []
        for entry in entries {
            switch entry.origin {
            case .builtIn:
                lines.append("\(pad(entry.theme.name))  built-in")
            case .file(let path, let replacesBuiltIn):
                let note = replacesBuiltIn ? " (replaces the built-in)" : ""
                lines.append("\(pad(entry.theme.name))  user      \(path)\(note)")
            }
        }
        for failure in failures {
            let problem = "\(Self.location(failure.error)): \(failure.error.reason)"
            lines.append("\(pad(failure.themeName))  failed    \(problem)")
        }
        // Names, paths and reasons come from files: shown safely, never as raw control bytes.
        return lines.map { UnsafeText.clean($0) }.joined(separator: "\n") + "\n"
    }

    /// `nord in FILE line 4 slot colors.accent: reason`.
    static func describe(_ failure: Failure) -> String {
        "\(failure.themeName) in \(location(failure.error)): \(failure.error.reason)"
    }

    /// `FILE line 4 slot colors.accent` (line and slot when known).
    static func location(_ error: ThemeError) -> String {
        var text = error.file
        if let line = error.line { text += " line \(line)" }
        if let slot = error.slot { text += " slot \(slot)" }
        return text
    }
}
