import Foundation

/// Reads the input as a theme file and as a key map file, the two YAML files hammock reads from
/// its configuration folder. Each must either load or fail with a message; a theme that loads
/// must load again from its own built-in form without losing its name.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfigFile(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    do {
        let theme = try ThemeLoader.parse(text, file: "fuzz.yaml")
        if let declared = ThemeLoader.declaredName(in: text), declared != theme.name {
            fatalError("the theme declares \(declared) and loads as \(theme.name)")
        }
    } catch {
        if error.description.isEmpty { fatalError("a theme error without a message") }
    }
    do {
        _ = try KeyMap.standard.applying(yaml: text, file: "keys.yaml")
    } catch {
        if error.message.isEmpty { fatalError("a key map error without a message") }
    }
    return 0
}
