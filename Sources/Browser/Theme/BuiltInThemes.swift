/// The themes compiled into hammock, as YAML text in the same format as user theme files.
///
/// This file is the one place the built-in themes live: the binary carries them, so a copied
/// or installed `hammock` finds them from any folder, and each entry doubles as an example of
/// the theme format (copy one to `$XDG_CONFIG_HOME/hammock/themes/NAME.yaml` to change it).
/// ``ThemeLoader`` parses them like any file; a user theme with the same name replaces one.
public enum BuiltInThemes {
    /// Every built-in theme's source as `(name, yaml)`, the default first, then by name.
    public static let sources: [(name: String, yaml: String)] = [
        (
            "default",
            """
            # The default theme: the terminal's own background and foreground, ANSI accents.
            # Values: default (the terminal's colour), red, bright-red, gray, #rrggbb, or 0-255.
            name: default
            colors:
              background: default
              surface: default
              text: default
              muted: gray
              accent: cyan
              border: gray
              focus: bright-cyan
              success: green
              warning: yellow
              error: red
              loading: magenta
            json:
              key: blue
              string: green
              number: yellow
              boolean: magenta
              null: gray
            methods:
              GET: green
              POST: yellow
              PUT: blue
              PATCH: cyan
              DELETE: red

            """
        ),
        (
            "dracula",
            """
            # Dracula: purple and pink on near-black.
            name: dracula
            colors:
              background: "#282a36"
              surface: "#282a36"
              text: "#f8f8f2"
              muted: "#6272a4"
              accent: "#bd93f9"
              border: "#44475a"
              focus: "#ff79c6"
              success: "#50fa7b"
              warning: "#f1fa8c"
              error: "#ff5555"
              loading: "#8be9fd"
            json:
              key: "#8be9fd"
              string: "#f1fa8c"
              number: "#bd93f9"
              boolean: "#ffb86c"
              null: "#6272a4"
            methods:
              GET: "#50fa7b"
              POST: "#ffb86c"
              PUT: "#8be9fd"
              PATCH: "#bd93f9"
              DELETE: "#ff5555"

            """
        ),
        (
            "gruvbox",
            """
            # Gruvbox dark: retro groove, warm and low contrast.
            name: gruvbox
            colors:
              background: "#282828"
              surface: "#282828"
              text: "#ebdbb2"
              muted: "#928374"
              accent: "#fabd2f"
              border: "#504945"
              focus: "#fe8019"
              success: "#b8bb26"
              warning: "#fabd2f"
              error: "#fb4934"
              loading: "#d3869b"
            json:
              key: "#83a598"
              string: "#b8bb26"
              number: "#d3869b"
              boolean: "#fe8019"
              null: "#928374"
            methods:
              GET: "#b8bb26"
              POST: "#fabd2f"
              PUT: "#83a598"
              PATCH: "#8ec07c"
              DELETE: "#fb4934"

            """
        ),
        (
            "high-contrast",
            """
            # High contrast: pure black and white with saturated accents, for low vision and projectors.
            name: high-contrast
            colors:
              background: black
              surface: black
              text: bright-white
              muted: white
              accent: bright-yellow
              border: bright-white
              focus: bright-yellow
              success: bright-green
              warning: bright-yellow
              error: bright-red
              loading: bright-magenta
            json:
              key: bright-cyan
              string: bright-green
              number: bright-yellow
              boolean: bright-magenta
              null: white
            methods:
              GET: bright-green
              POST: bright-yellow
              PUT: bright-cyan
              PATCH: bright-blue
              DELETE: bright-red

            """
        ),
        (
            "nord",
            """
            # Nord: cool arctic blues on a dark slate background.
            name: nord
            colors:
              background: "#2e3440"
              surface: "#2e3440"
              text: "#d8dee9"
              muted: "#4c566a"
              accent: "#88c0d0"
              border: "#434c5e"
              focus: "#8fbcbb"
              success: "#a3be8c"
              warning: "#ebcb8b"
              error: "#bf616a"
              loading: "#b48ead"
            json:
              key: "#81a1c1"
              string: "#a3be8c"
              number: "#b48ead"
              boolean: "#d08770"
              null: "#4c566a"
            methods:
              GET: "#a3be8c"
              POST: "#ebcb8b"
              PUT: "#81a1c1"
              PATCH: "#88c0d0"
              DELETE: "#bf616a"

            """
        ),
        (
            "solarized-light",
            """
            # Solarized light: warm paper background for bright rooms.
            name: solarized-light
            colors:
              background: "#fdf6e3"
              surface: "#fdf6e3"
              text: "#586e75"
              muted: "#93a1a1"
              accent: "#268bd2"
              border: "#93a1a1"
              focus: "#d33682"
              success: "#859900"
              warning: "#b58900"
              error: "#dc322f"
              loading: "#6c71c4"
            json:
              key: "#268bd2"
              string: "#2aa198"
              number: "#d33682"
              boolean: "#cb4b16"
              null: "#93a1a1"
            methods:
              GET: "#859900"
              POST: "#b58900"
              PUT: "#268bd2"
              PATCH: "#2aa198"
              DELETE: "#dc322f"

            """
        ),
    ]

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
