import Foundation
import TUICore
import TestSupport
import Testing

@testable import Browser

@Suite("Themes")
struct ThemeTests {
    @Test("hammock carries at least five valid built-in themes with every slot, the default first")
    func builtInThemes() throws {
        let themes = BuiltInThemes.themes
        #expect(themes.count >= 5)
        #expect(themes.map(\.name) == BuiltInThemes.sources.map(\.name))
        #expect(themes.first == Theme.standard)
        for source in BuiltInThemes.sources {
            // The same loader as user files, with nothing filled in from another theme.
            let theme = try ThemeLoader.parse(source.yaml, file: source.name, fallback: Theme(name: "", colors: [:]))
            #expect(theme.name == source.name)
            #expect(Set(theme.colors.keys) == Set(ThemeSlot.allCases), "\(theme.name)")
        }
        #expect(Theme.standard.color(.accent) == .indexed(6))
        #expect(Theme.standard.color(.background) == .default)
    }

    @Test("missing slots fall back to the default theme")
    func fallback() throws {
        let theme = try ThemeLoader.parse("name: mine\ncolors:\n  accent: \"#ff0000\"\n", file: "mine.yaml")
        #expect(theme.color(.accent) == .rgb(255, 0, 0))
        #expect(theme.color(.jsonKey) == Theme.standard.color(.jsonKey))
    }

    @Test("a bad value names the file, line and slot")
    func badValue() {
        let yaml = "name: broken\ncolors:\n  text: default\n  accent: purpul\n"
        #expect(
            throws: ThemeError(
                file: "broken.yaml", line: 4, slot: "colors.accent",
                reason: "\"purpul\" is not a colour (use default, a name like red or bright-blue, #rrggbb, or 0-255)")
        ) {
            try ThemeLoader.parse(yaml, file: "broken.yaml")
        }
        do {
            _ = try ThemeLoader.parse(yaml, file: "broken.yaml")
        } catch {
            #expect(error.description.hasPrefix("broken.yaml:4: colors.accent: "))
        }
    }

    @Test("unknown slots are errors too")
    func unknownSlot() {
        #expect(throws: ThemeError.self) { try ThemeLoader.parse("name: x\njson:\n  keys: red\n", file: "x.yaml") }
    }

    @Test("a broken file is reported and skipped while the others load")
    func brokenFileSkipped() throws {
        let folder = try TemporaryFolder()
        try folder.write("good.yaml", "name: good\n")
        try folder.write("bad.yaml", "name: bad\nmethods:\n  GET: 300\n")
        let files = ThemeLoader.loadFolder(folder.path)
        #expect(files.map(\.themeName) == ["bad", "good"])
        let catalog = ThemeCatalog(userDirectory: folder.path)
        #expect(catalog.themes.map(\.name) == BuiltInThemes.sources.map(\.name) + ["good"])
        #expect(catalog.failures.count == 1)
        #expect(catalog.failures.first?.error.slot == "methods.GET")
        #expect(catalog.failures.first?.error.line == 3)
    }

    @Test("colour values parse names, hex and indices")
    func colors() {
        #expect(Color(themeValue: "default") == .default)
        #expect(Color(themeValue: "bright-red") == .indexed(9))
        #expect(Color(themeValue: "#0A0b0C") == .rgb(10, 11, 12))
        #expect(Color(themeValue: "200") == .indexed(200))
        #expect(Color(themeValue: "256") == nil)
        #expect(Color.rgb(255, 0, 0).nearestPaletteIndex == 196)
    }

    @Test("the no-colour theme uses only attributes")
    func noColor() {
        let style = Theme.noColor.style(.accent)
        #expect(style.foreground == .default && style.background == .default)
        #expect(style.attributes.contains(.bold))
    }
}
