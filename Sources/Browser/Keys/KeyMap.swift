import Foundation
import TUICore
import Yams

/// Which key runs which `KeyCommand` in the main view.
///
/// Defaults follow the issue (`r` load, `l` loadIfNeeded, …). A `keys.yaml` in
/// `$XDG_CONFIG_HOME/hammock/` remaps commands; each entry names a command and one key or a
/// list of keys, and replaces that command's default keys:
///
/// ```yaml
/// load: [r, F5]
/// quit: Ctrl-Q
/// ```
///
/// A key bound by the file is taken away from any default command that had it.
/// Overlays (forms, prompts, help) use fixed keys: `Esc` closes, `Ctrl-S` sends. The Ctrl keys
/// of `exportSVG` and `redraw` work everywhere, overlays included.
public struct KeyMap: Equatable, Sendable {
    /// Keys per command, in display order.
    public private(set) var bindings: [KeyCommand: [Key]]

    /// The default bindings.
    public static let standard = KeyMap(bindings: [
        .load: [.character("r")], .loadIfNeeded: [.character("l")], .invalidate: [.character("i")],
        .wipe: [.character("w")], .cancel: [.character("c")], .goTo: [.character("g")], .follow: [.enter],
        .back: [.character("b"), .backspace], .forward: [.character("f")],
        .post: [.character("p")], .put: [.character("u")], .patch: [.character("a")],
        .delete: [.character("d")], .overrideLocal: [.character("o")], .copyCurl: [.character("y")],
        .copyValue: [.character("Y")], .toggleWrap: [.character("W")],
        .toggleHead: [.character("m")], .history: [.character("h")], .savedRequests: [.character("C")],
        .environments: [.character("e")], .cookies: [.character("K")], .importCurl: [.character("I")],
        .saveBody: [.character("S")], .editQuery: [.character("Q")],
        .pin: [.character("P")], .watchBoard: [.character("v")], .showChanges: [.character("D")],
        .timeline: [.character("T")], .pauseAll: [.character("A")], .exportHAR: [.character("E")],
        .nextPane: [.tab], .previousPane: [.backTab], .scrollDown: [.character("j"), .down, .wheelDown],
        .scrollUp: [.character("k"), .up, .wheelUp], .scrollLeft: [.left, .character("H")],
        .scrollRight: [.right, .character("L")], .pageDown: [.pageDown, .character(" ")],
        .pageUp: [.pageUp], .top: [.home, .character("<")], .bottom: [.end, .character(">")],
        .toggleFold: [.character("z")], .search: [.character("/")], .searchNext: [.character("n")],
        .searchPrevious: [.character("N")], .nextTheme: [.character("t")],
        .toggleResources: [.character("s")], .help: [.character("?"), .function(1)],
        .exportSVG: [.control("p")], .redraw: [.control("l")], .interrupt: [.control("c")],
        .quit: [.character("q")],
    ])

    /// Creates a key map from explicit bindings.
    public init(bindings: [KeyCommand: [Key]]) {
        self.bindings = bindings
    }

    /// The command bound to a key, if any.
    public func command(for key: Key) -> KeyCommand? {
        for command in KeyCommand.allCases where bindings[command]?.contains(key) == true {
            return command
        }
        return nil
    }

    /// The keys of a command (possibly empty).
    public func keys(for command: KeyCommand) -> [Key] { bindings[command] ?? [] }

    /// This map with a YAML key file applied. Unknown commands or keys throw an error naming
    /// the file, line and entry; nothing is applied then.
    public func applying(yaml: String, file: String) throws(KeyMapError) -> KeyMap {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch {
            throw KeyMapError(file: file, line: nil, message: "not valid YAML (\(YAMLErrorSummary.text(of: error)))")
        }
        guard let root else { return self }
        guard let mapping = root.mapping else {
            throw KeyMapError(file: file, line: root.mark?.line, message: "expected a mapping of command: key")
        }
        var result = bindings
        for (commandNode, keysNode) in mapping {
            let name = commandNode.string ?? ""
            guard let command = KeyCommand(rawValue: name) else {
                throw KeyMapError(
                    file: file, line: commandNode.mark?.line,
                    message: "unknown command \"\(TextSanitizer.sanitize(name, maxColumns: 40))\"")
            }
            let keyNodes = keysNode.sequence.map(Array.init) ?? [keysNode]
            var keys: [Key] = []
            for keyNode in keyNodes {
                let keyName = keyNode.string ?? ""
                guard let key = Key(name: keyName) else {
                    throw KeyMapError(
                        file: file, line: keyNode.mark?.line,
                        message: "\(name): unknown key \"\(TextSanitizer.sanitize(keyName, maxColumns: 40))\"")
                }
                keys.append(key)
            }
            for other in KeyCommand.allCases where other != command {
                result[other]?.removeAll(where: keys.contains)
            }
            result[command] = keys
        }
        return KeyMap(bindings: result)
    }

    /// The default map with `$XDG_CONFIG_HOME/hammock/keys.yaml` applied when it exists.
    /// Returns the default map and the error if the file is invalid.
    public static func load(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> (map: KeyMap, error: KeyMapError?) {
        let path = XDGPaths.configHome(environment: environment) + "/hammock/keys.yaml"
        guard let data = FileManager.default.contents(atPath: path) else { return (.standard, nil) }
        do {
            return (try standard.applying(yaml: String(decoding: data, as: UTF8.self), file: path), nil)
        } catch {
            return (.standard, error)
        }
    }
}
