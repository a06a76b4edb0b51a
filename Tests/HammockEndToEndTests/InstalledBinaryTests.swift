import Foundation
import TestSupport
import Testing

/// The `hammock` binary copied out of the build folder, as an installed release would be, and
/// started from somewhere else: built-in data must travel inside it.
@Suite("the installed binary, copied and started from another folder", .serialized)
struct InstalledBinaryTests {
    /// A copy of the built binary in a fresh folder, plus an unrelated working folder and an
    /// empty `$XDG_CONFIG_HOME`.
    final class Installation {
        let binFolder: TemporaryFolder
        let workFolder: TemporaryFolder
        let configHome: TemporaryFolder
        let binary: String

        init() throws {
            binFolder = try TemporaryFolder(prefix: "hammock-bin")
            workFolder = try TemporaryFolder(prefix: "hammock-cwd")
            configHome = try TemporaryFolder(prefix: "hammock-xdg")
            binary = binFolder.path("hammock")
            // `cp` in a child process: a write descriptor held open in this process could be
            // inherited by a process another test forks at the same moment, and executing the copy
            // would then fail with "Text file busy".
            let copy = Process()
            copy.executableURL = URL(fileURLWithPath: "/bin/cp")
            copy.arguments = [TmuxSession.binaryPath, binary]
            try copy.run()
            copy.waitUntilExit()
            try #require(copy.terminationStatus == 0, "cp \(TmuxSession.binaryPath) \(binary) failed")
        }

        /// The config folder, and colours on whatever the test runner's environment says.
        var environment: [String: String] { ["XDG_CONFIG_HOME": configHome.path, "NO_COLOR": ""] }
    }

    @Test("--theme nord applies the built-in theme: its name shows and no error note appears")
    func builtInThemeFromAnywhere() async throws {
        let installation = try Installation()
        let session = try TmuxSession(
            arguments: ["--no-cache", "--theme", "nord"], environment: installation.environment,
            binary: installation.binary, directory: installation.workFolder.path)
        defer { session.close() }
        let screen = await session.waitFor("newData(network)")
        // The footer ends with the theme's name.
        #expect(screen.split(separator: "\n").last { !$0.isEmpty }?.hasSuffix(" nord") == true, "\(screen)")
        #expect(!screen.contains("no theme named"))
        #expect(!screen.contains("using default"))
        try session.keys("t")
        // Cycling works too: the next built-in theme after nord.
        await session.waitFor("theme: solarized-light")
    }

    @Test("--list-themes lists the built-in themes, user files and broken files, and exits 0")
    func listThemes() async throws {
        let installation = try Installation()
        try installation.configHome.write("hammock/themes/mine.yaml", "name: mine\n")
        try installation.configHome.write("hammock/themes/broken.yaml", "name: broken\ncolors:\n  accent: purpul\n")
        let run = try await HammockProcess.run(
            ["--list-themes"], binary: installation.binary, directory: installation.workFolder.path,
            environment: installation.environment)
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n").map(String.init)
        for name in ["default", "dracula", "gruvbox", "high-contrast", "nord", "solarized-light"] {
            #expect(lines.contains { $0.hasPrefix(name + " ") && $0.hasSuffix(" built-in") }, "\(name)")
        }
        let themes = installation.configHome.path("hammock/themes")
        #expect(lines.contains { $0.hasPrefix("mine ") && $0.hasSuffix("user      \(themes)/mine.yaml") })
        #expect(
            lines.contains {
                $0.hasPrefix("broken ") && $0.contains("failed    \(themes)/broken.yaml line 3 slot colors.accent: ")
            })
    }

    @Test("every broken config file shows in the Events pane, the chosen theme's as such")
    func brokenFilesReported() async throws {
        let installation = try Installation()
        try installation.configHome.write("hammock/themes/mine.yaml", "name: mine\ncolors:\n  accent: purpul\n")
        try installation.configHome.write("hammock/themes/other.yaml", "name: other\njson:\n  keys: red\n")
        try installation.configHome.write("hammock/keys.yaml", "fly: x\n")
        let session = try TmuxSession(
            arguments: ["--no-cache", "--theme", "mine"], environment: installation.environment, width: 220,
            binary: installation.binary, directory: installation.workFolder.path)
        defer { session.close() }
        let screen = await session.waitFor("newData(network)")
        // The Events pane cuts long lines: each file's note starts a line of its own there.
        let home = installation.configHome.path
        let events = screen.split(separator: "\n").filter { $0.contains(" problem ") }
        #expect(events.count == 3, "\(screen)")
        #expect(events.contains { $0.contains("problem          theme mine in \(home.prefix(20))") }, "\(screen)")
        #expect(events.contains { $0.contains("problem          theme other in \(home.prefix(20))") }, "\(screen)")
        #expect(events.contains { $0.contains("problem          key map \(home.prefix(20))") }, "\(screen)")
        // The status line shows the latest note whole: the key map's.
        #expect(screen.contains("key map \(home)/hammock/keys.yaml line 1: unknown command \"fly\""))
        // The chosen theme was broken, so the default theme is the one in use.
        try session.keys("t")
        await session.waitFor("theme: dracula")
    }

    @Test("an unusable cache path is reported in a sentence and the browser runs without the cache")
    func unusableCachePath() async throws {
        let installation = try Installation()
        let blocker = try installation.workFolder.write("blocker", "not a folder")
        let session = try TmuxSession(
            arguments: ["--cache", blocker + "/sub/entities.sqlite"], environment: installation.environment,
            width: 220, binary: installation.binary, directory: installation.workFolder.path)
        defer { session.close() }
        let screen = await session.waitFor("newData(network)")
        #expect(
            screen.contains(
                "persistent cache off: cannot create folder \(blocker)/sub: \(blocker) is a file, not a folder"),
            "\(screen)")
        #expect(!screen.contains("NSCocoaErrorDomain"))
    }

    @Test("--cache naming a file that is not SQLite leaves it untouched and says so")
    func foreignCacheFile() async throws {
        let installation = try Installation()
        let notes = try installation.workFolder.write("notes.txt", "my important notes\n")
        let session = try TmuxSession(
            arguments: ["--cache", notes], environment: installation.environment, width: 220,
            binary: installation.binary, directory: installation.workFolder.path)
        defer { session.close() }
        let screen = await session.waitFor("newData(network)")
        #expect(screen.contains("persistent cache off: \(notes) is not an SQLite file"), "\(screen)")
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "my important notes\n")
        let siblings = try FileManager.default.contentsOfDirectory(atPath: installation.workFolder.path)
        #expect(!siblings.contains { $0.hasPrefix("notes.txt.corrupt") || $0.hasPrefix("notes.txt-") })
    }

    @Test("a damaged cache file at the default path is moved aside and Events says where")
    func damagedDefaultCache() async throws {
        let installation = try Installation()
        let cacheHome = try TemporaryFolder(prefix: "hammock-cache")
        let damaged = try cacheHome.write(
            "hammock/entities.sqlite", "SQLite format 3\u{0}" + String(repeating: "x", count: 200))
        var environment = installation.environment
        environment["XDG_CACHE_HOME"] = cacheHome.path
        let session = try TmuxSession(
            arguments: [], environment: environment, width: 240, binary: installation.binary,
            directory: installation.workFolder.path)
        defer { session.close() }
        let screen = await session.waitFor("newData(network)")
        #expect(screen.contains("The entity cache file \(damaged) was not a usable database"), "\(screen)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: cacheHome.path("hammock"))
        #expect(kept.contains { $0.hasPrefix("entities.sqlite.corrupt-") })
    }
}
