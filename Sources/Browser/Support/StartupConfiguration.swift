import Foundation

/// The user's configuration as hammock starts: themes (built-in and from
/// `$XDG_CONFIG_HOME/hammock/themes/`), the theme to start with, and the key map
/// (`$XDG_CONFIG_HOME/hammock/keys.yaml`), with one sentence per broken file.
///
/// Every broken file gets its own note, with file, line and slot, whether or not it is the
/// theme asked for; nothing broken stops the browser, which uses the default instead.
public struct StartupConfiguration: Sendable {
    /// The themes to cycle with `t` (only the no-colour theme when `NO_COLOR` is set).
    public var themes: [Theme]
    /// The theme to start with, an index into ``themes``.
    public var themeIndex: Int
    /// The key map (the default one when keys.yaml is broken).
    public var keyMap: KeyMap
    /// One error sentence per problem, for the Events pane, in the order: the chosen theme,
    /// the other theme files, keys.yaml.
    public var notes: [String]

    /// Loads the configuration the environment points to.
    ///
    /// - Parameters:
    ///   - theme: the `--theme` name, or nil for the default.
    ///   - noColor: true when `NO_COLOR` is set: only ``Theme/noColor`` is used, but broken
    ///     files are still reported.
    public static func load(
        theme: String?, noColor: Bool, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> StartupConfiguration {
        let catalog = ThemeCatalog.load(environment: environment)
        var notes: [String] = []
        var themes = catalog.themes
        var themeIndex = 0
        if noColor {
            themes = [.noColor]
        } else {
            let choice = catalog.choose(theme)
            themeIndex = choice.index
            if let note = choice.note { notes.append(note) }
        }
        notes += catalog.failureNotes(except: noColor ? nil : theme)
        let (keyMap, keyError) = KeyMap.load(environment: environment)
        if let keyError {
            var location = keyError.file
            if let line = keyError.line { location += " line \(line)" }
            notes.append("key map \(location): \(keyError.message); using the default keys")
        }
        return StartupConfiguration(themes: themes, themeIndex: themeIndex, keyMap: keyMap, notes: notes)
    }
}
