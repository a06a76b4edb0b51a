/// Every kind of layer the browser has: the one list key maps check names against and the
/// command-line help lists. Adding a screen adds its line here.
public enum LayerRegistry {
    /// The layers, in the order `hammock --help` lists them.
    public static var all: [any Layer.Type] {
        [
            RequestForm.self, ResponseViewer.self, Prompt.self, Picker.self, TextViewer.self, PipeOutput.self,
            PathQuery.self,
            QueryEditor.self,
            ConfirmLayer.self, WebSocketConsole.self,
            RunResults.self,
            HelpLayer.self,
        ]
    }

    /// True when `name` is `layer.action` for a layer and one of its bindings.
    public static func knows(binding name: String) -> Bool {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, let layer = all.first(where: { $0.name == parts[0] }) else { return false }
        return layer.defaultBindings.contains { $0.action == parts[1] }
    }
}
