import Foundation
import TUICore
import Testing

@testable import Browser

@Suite("Themes")
struct ThemeTests {
    static var repositoryThemes: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("themes").path
    }

    @Test("the repository ships at least five valid themes with every slot")
    func shippedThemes() throws {
        let (themes, errors) = ThemeLoader.loadAll(from: [Self.repositoryThemes])
        #expect(errors.isEmpty, "\(errors)")
        #expect(themes.count >= 5)
        #expect(themes.first?.name == "default")
        for theme in themes {
            #expect(Set(theme.colors.keys) == Set(ThemeSlot.allCases), "\(theme.name)")
        }
        let fileDefault = try #require(themes.first)
        #expect(fileDefault.colors == Theme.standard.colors)
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
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("themes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "name: good\n".write(to: folder.appendingPathComponent("good.yaml"), atomically: true, encoding: .utf8)
        try "name: bad\nmethods:\n  GET: 300\n".write(
            to: folder.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        let (themes, errors) = ThemeLoader.loadAll(from: [folder.path])
        #expect(themes.map(\.name) == ["default", "good"])
        #expect(errors.count == 1)
        #expect(errors.first?.slot == "methods.GET")
        #expect(errors.first?.line == 3)
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
