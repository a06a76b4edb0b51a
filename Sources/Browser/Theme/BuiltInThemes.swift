/// The themes compiled into hammock, as YAML text in the same format as user theme files.
///
/// The built-in themes live in the package's top-level `themes/` folder, one YAML file each;
/// the ThemeEmbedder build plugin writes them into ``sources`` at build time, so the binary
/// carries them (a copied or installed `hammock` finds them from any folder) and the files cannot
/// drift from what is compiled in. Each file doubles as an example of the theme format (copy one
/// to `$XDG_CONFIG_HOME/hammock/themes/NAME.yaml` to change it). ``ThemeLoader`` parses them like
/// any file; a user theme with the same name replaces one.
public enum BuiltInThemes {
    /// The YAML of the built-in theme `name`, or nil when there is none.
    public static func source(named name: String) -> String? {
        sources.first { $0.name == name }?.yaml
    }

    /// The built-in themes, parsed; the default theme first.
    ///
    /// Every source is checked by the tests, so a parse failure here is a programming error.
    public static let themes: [Theme] = sources.map { source in
        if source.name == "default" { return Theme.standard }
        do {
            return try ThemeLoader.parse(source.yaml, file: "built-in \(source.name)", fallback: Theme.standard)
        } catch {
            preconditionFailure("built-in theme \(source.name) does not parse: \(error)")
        }
    }
}
