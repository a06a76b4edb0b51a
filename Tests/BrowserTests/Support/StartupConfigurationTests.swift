import Foundation
import TUICore
import TestSupport
import Testing

@testable import Browser

@Suite("Theme catalog and startup configuration")
struct StartupConfigurationTests {
    /// An `$XDG_CONFIG_HOME` with the given files under `hammock/`.
    private func configHome(_ files: [String: String]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder(prefix: "xdg")
        for (path, text) in files { try folder.write("hammock/" + path, text) }
        return folder
    }

    @Test("built-in themes need no files: nord is found with an empty config folder")
    func builtInWithoutFiles() throws {
        let home = try configHome([:])
        let configuration = StartupConfiguration.load(
            theme: "nord", noColor: false, environment: ["XDG_CONFIG_HOME": home.path])
        #expect(configuration.notes.isEmpty)
        #expect(configuration.themes[configuration.themeIndex].name == "nord")
        #expect(configuration.themes.map(\.name) == BuiltInThemes.sources.map(\.name))
    }

    @Test("every broken file is reported with file, line and slot: two theme files and keys.yaml")
    func everyBrokenFileReported() throws {
        let home = try configHome([
            "themes/one.yaml": "name: one\ncolors:\n  accent: purpul\n",
            "themes/two.yaml": "name: two\njson:\n  keys: red\n",
            "themes/fine.yaml": "name: fine\n",
            "keys.yaml": "load: r\nfly: x\n",
        ])
        let configuration = StartupConfiguration.load(
            theme: nil, noColor: false, environment: ["XDG_CONFIG_HOME": home.path])
        let themes = home.path("hammock/themes")
        #expect(
            configuration.notes == [
                "theme one in \(themes)/one.yaml line 3 slot colors.accent: \"purpul\" is not a colour "
                    + "(use default, a name like red or bright-blue, #rrggbb, or 0-255); not loaded",
                "theme two in \(themes)/two.yaml line 3 slot json.keys: unknown slot "
                    + "(known: json.key, json.string, json.number, json.boolean, json.null); not loaded",
                "key map \(home.path("hammock/keys.yaml")) line 2: unknown command \"fly\"; using the default keys",
            ])
        #expect(configuration.themes.contains { $0.name == "fine" })
        #expect(configuration.keyMap == .standard)
    }

    @Test("a chosen theme that is broken is reported as such and the default is used")
    func chosenBroken() throws {
        let home = try configHome([
            "themes/mine.yaml": "name: mine\ncolors:\n  text: default\n  accent: purpul\n",
            "themes/other.yaml": "colors: [\n",
        ])
        let configuration = StartupConfiguration.load(
            theme: "mine", noColor: false, environment: ["XDG_CONFIG_HOME": home.path])
        #expect(configuration.themeIndex == 0)
        #expect(configuration.notes.count == 2)
        let first = try #require(configuration.notes.first)
        #expect(first.hasPrefix("theme mine in \(home.path("hammock/themes/mine.yaml")) line 4 slot colors.accent: "))
        #expect(first.hasSuffix("; using default"))
        // A file that is not YAML at all is named after its file and still reported.
        #expect(configuration.notes[1].hasPrefix("theme other in \(home.path("hammock/themes/other.yaml"))"))
        #expect(configuration.notes[1].contains("not valid YAML"))
    }

    @Test("a broken user file replacing a built-in theme falls back to the built-in one")
    func brokenOverrideFallsBackToBuiltIn() throws {
        let home = try configHome(["themes/nord.yaml": "name: nord\nmethods:\n  GET: 999\n"])
        let catalog = ThemeCatalog.load(environment: ["XDG_CONFIG_HOME": home.path])
        let choice = catalog.choose("nord")
        #expect(catalog.themes[choice.index] == BuiltInThemes.themes.first { $0.name == "nord" })
        #expect(
            choice.note?.hasSuffix(
                "slot methods.GET: \"999\" is not a colour "
                    + "(use default, a name like red or bright-blue, #rrggbb, or 0-255); using the built-in nord")
                == true)
    }

    @Test("a user theme replaces the built-in of the same name and adds new ones; the listing marks each")
    func userThemesOverrideAndList() throws {
        let home = try configHome([
            "themes/nord.yaml": "name: nord\ncolors:\n  accent: \"#ff0000\"\n",
            "themes/zebra.yml": "name: zebra\n",
            "themes/bad.yaml": "name: bad\ncolors:\n  accent: 300\n",
        ])
        let catalog = ThemeCatalog.load(environment: ["XDG_CONFIG_HOME": home.path])
        #expect(catalog.themes.map(\.name) == BuiltInThemes.sources.map(\.name) + ["zebra"])
        let choice = catalog.choose("nord")
        #expect(choice.note == nil)
        #expect(catalog.themes[choice.index].color(.accent) == .rgb(255, 0, 0))
        let lines = catalog.listing().split(separator: "\n").map(String.init)
        let themes = home.path("hammock/themes")
        #expect(lines.contains("default          built-in"))
        #expect(lines.contains("nord             user      \(themes)/nord.yaml (replaces the built-in)"))
        #expect(lines.contains("zebra            user      \(themes)/zebra.yml"))
        #expect(
            lines.contains { $0.hasPrefix("bad              failed    \(themes)/bad.yaml line 3 slot colors.accent: ") }
        )
    }

    @Test("an unknown theme name says which names exist")
    func unknownName() {
        let catalog = ThemeCatalog(userDirectory: nil)
        let choice = catalog.choose("purple")
        #expect(choice.index == 0)
        #expect(
            choice.note
                == "no theme named purple (known: \(BuiltInThemes.sources.map(\.name).joined(separator: ", "))); using default"
        )
    }

    @Test("NO_COLOR keeps only the no-colour theme but still reports broken files")
    func noColorStillReports() throws {
        let home = try configHome(["themes/bad.yaml": "name: bad\ncolors:\n  accent: 300\n"])
        let configuration = StartupConfiguration.load(
            theme: "bad", noColor: true, environment: ["XDG_CONFIG_HOME": home.path])
        #expect(configuration.themes == [.noColor])
        #expect(configuration.notes.count == 1)
        #expect(configuration.notes.first?.hasSuffix("; not loaded") == true)
    }

    @Test("all start-up notes reach the Events pane, none replaced by the next")
    func notesAllLogged() throws {
        var state = BrowserState(width: 100, height: 30, serviceBaseURL: "http://127.0.0.1:1/", now: 0)
        for note in ["first broken file", "second broken file", "third broken file"] {
            _ = state.update(.note(note, isError: true))
        }
        let details = state.events.map(\.detail)
        #expect(details.suffix(3) == ["first broken file", "second broken file", "third broken file"])
    }
}
