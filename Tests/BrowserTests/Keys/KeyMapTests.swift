import Foundation
import TUICore
import Testing

@testable import Browser

@Suite("Key map")
struct KeyMapTests {
    @Test("defaults follow the issue")
    func defaults() {
        let map = KeyMap.standard
        #expect(map.command(for: .character("r")) == .load)
        #expect(map.command(for: .character("l")) == .loadIfNeeded)
        #expect(map.command(for: .character("i")) == .invalidate)
        #expect(map.command(for: .character("w")) == .wipe)
        #expect(map.command(for: .character("c")) == .cancel)
        #expect(map.command(for: .enter) == .follow)
        #expect(map.command(for: .backspace) == .back)
        #expect(map.command(for: .character("a")) == .patch)
        #expect(map.command(for: .control("p")) == .exportSVG)
        #expect(map.command(for: .character("q")) == .quit)
    }

    @Test("key names round-trip")
    func names() {
        for name in ["r", "Enter", "Esc", "Ctrl-S", "PgDn", "F5", "Space", "BackTab"] {
            #expect(Key(name: name)?.name == name)
        }
        #expect(Key(name: "ctrl+q") == .control("q"))
        #expect(Key(name: "Hyper-X") == nil)
    }

    @Test("a key file remaps commands and takes keys from defaults")
    func remap() throws {
        let map = try KeyMap.standard.applying(yaml: "load: [R, F5]\nquit: r\n", file: "keys.yaml")
        #expect(map.command(for: .character("R")) == .load)
        #expect(map.command(for: .function(5)) == .load)
        #expect(map.command(for: .character("r")) == .quit)
        #expect(map.command(for: .character("q")) == nil)
    }

    @Test("unknown commands and keys are reported with their line")
    func errors() {
        #expect(throws: KeyMapError(file: "k.yaml", line: 2, message: "unknown command \"lod\"")) {
            try KeyMap.standard.applying(yaml: "load: r\nlod: x\n", file: "k.yaml")
        }
        #expect(throws: KeyMapError.self) { try KeyMap.standard.applying(yaml: "load: Hyper-X\n", file: "k.yaml") }
    }

    @Test("keys.yaml is read from XDG_CONFIG_HOME")
    func loadsFromXDG() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xdg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("hammock"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "help: h\n".write(to: folder.appendingPathComponent("hammock/keys.yaml"), atomically: true, encoding: .utf8)
        let (map, error) = KeyMap.load(environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(error == nil)
        #expect(map.command(for: .character("h")) == .help)
        #expect(map.command(for: .character("?")) == nil)
    }
}
