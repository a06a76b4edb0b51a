import Foundation

/// Writes the Swift source of `BuiltInThemes.sources` from theme YAML files:
/// `ThemeEmbedderTool OUTPUT.swift THEME.yaml…`. The theme named `default` comes first, then the
/// others by name; each file's name (without `.yaml`) is its theme's name.
@main
struct ThemeEmbedderTool {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard let output = arguments.first else {
            FileHandle.standardError.write(Data("usage: ThemeEmbedderTool OUTPUT.swift THEME.yaml…\n".utf8))
            exit(2)
        }
        var themes: [(name: String, yaml: String)] = []
        for path in arguments.dropFirst() {
            let url = URL(fileURLWithPath: path)
            let yaml = try String(contentsOf: url, encoding: .utf8)
            themes.append((url.deletingPathExtension().lastPathComponent, yaml))
        }
        themes.sort { first, second in
            if (first.name == "default") != (second.name == "default") { return first.name == "default" }
            return first.name < second.name
        }
        try source(for: themes).write(toFile: output, atomically: true, encoding: .utf8)
    }

    /// The Swift file: each theme's text in a string literal whose escapes keep every byte (line
    /// ends, tabs, quotes and backslashes included).
    static func source(for themes: [(name: String, yaml: String)]) -> String {
        var text = """
            // Generated at build time from the top-level themes/ folder by the ThemeEmbedder plugin.
            // Edit the YAML files there, never this file.

            extension BuiltInThemes {
                /// Every built-in theme's source as `(name, yaml)`, the default first, then by name.
                public static let sources: [(name: String, yaml: String)] = [

            """
        for theme in themes {
            text += "        (\(literal(theme.name)), \(literal(theme.yaml))),\n"
        }
        text += "    ]\n}\n"
        return text
    }

    /// `value` as a Swift string literal.
    static func literal(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
