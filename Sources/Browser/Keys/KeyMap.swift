import Foundation
import TUICore
import Yams

/// Which key runs what: the main view's `KeyCommand`s, and every layer's bindings.
///
/// Defaults follow the issue (`r` load, `l` loadIfNeeded, …) and each layer's
/// ``Layer/defaultBindings``. A `keys.yaml` in `$XDG_CONFIG_HOME/hammock/` remaps any of them;
/// each entry names a main-view command, or a layer's binding as `layer.action`, and one key or
/// a list of keys, which replace that binding's default keys:
///
/// ```yaml
/// load: [r, F5]
/// quit: Ctrl-Q
/// form.send: [Ctrl-S, F10]
/// ```
///
/// A key bound by the file is taken away from any other binding of the same place (the main
/// view, or that layer) that had it. `?` help and the footers show the keys in use. The Ctrl
/// keys of `exportSVG`, `redraw` and `interrupt` work everywhere, overlays included.
public struct KeyMap: Equatable, Sendable {
    /// Keys per command, in display order.
    public private(set) var bindings: [KeyCommand: [Key]]
    /// Keys of layer bindings the key file changed, by `layer.action`.
    public private(set) var layerKeys: [String: [Key]] = [:]

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
        .saveBody: [.character("S")], .pipe: [.character("|")], .pathQuery: [.character("$")],
        .operations: [.character("O")], .schemaCheck: [.character("V")],
        .copyPath: [.character("#")], .editQuery: [.character("Q")],
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

    /// The bindings of layer `layer` in use: its defaults with the key file's changes (a key the
    /// file gives one binding is taken from the others).
    public func bindings<L: Layer>(of layer: L.Type) -> [Binding] {
        bindings(named: L.name, defaults: L.defaultBindings)
    }

    /// The bindings of the layer named `name` whose defaults are `defaults`, with the key file's
    /// changes.
    public func bindings(named name: String, defaults: [Binding]) -> [Binding] {
        let changed = defaults.compactMap { binding in layerKeys[name + "." + binding.action] }.flatMap { $0 }
        return defaults.map { binding in
            var binding = binding
            if let keys = layerKeys[name + "." + binding.action] {
                binding.keys = keys
            } else if !changed.isEmpty {
                binding.keys.removeAll(where: changed.contains)
            }
            return binding
        }
    }

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
        var layerKeys = self.layerKeys
        for (commandNode, keysNode) in mapping {
            let name = commandNode.string ?? ""
            let command = KeyCommand(rawValue: name)
            guard command != nil || LayerRegistry.knows(binding: name) else {
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
            guard let command else {
                layerKeys[name] = keys
                continue
            }
            for other in KeyCommand.allCases where other != command {
                result[other]?.removeAll(where: keys.contains)
            }
            result[command] = keys
        }
        var map = KeyMap(bindings: result)
        map.layerKeys = layerKeys
        return map
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
