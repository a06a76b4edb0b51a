import Foundation
import Testing

@testable import Browser

/// The built-in themes are the YAML files of the package's top-level `themes/` folder, embedded at
/// build time.
@Suite("built-in themes from themes/")
struct BuiltInThemeFilesTests {
    @Test("the built-in themes are exactly the files in themes/, byte for byte, the default first")
    func embeddedFromFiles() throws {
        // The package's root is the folder above Tests/.
        var root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while root.lastPathComponent != "Tests", root.path != "/" { root.deleteLastPathComponent() }
        let folder = root.deletingLastPathComponent().appendingPathComponent("themes")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }
        #expect(files.count == 6)
        let expected = try files.map { file in
            (String(file.dropLast(5)), try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
        }.sorted { ($0.0 == "default" ? "" : $0.0) < ($1.0 == "default" ? "" : $1.0) }
        #expect(BuiltInThemes.sources.map(\.name) == expected.map(\.0))
        #expect(BuiltInThemes.sources.map(\.yaml) == expected.map(\.1))
        #expect(BuiltInThemes.sources.first?.name == "default")
    }
}
