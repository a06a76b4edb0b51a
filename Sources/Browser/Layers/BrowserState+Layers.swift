import TUICore

extension BrowserState {
    /// The top layer, if any.
    public var topLayer: (any Layer)? { layers.last }

    /// The topmost open layer of type `T`, if any.
    public func layer<T: Layer>(_ type: T.Type) -> T? {
        for layer in layers.reversed() {
            if let match = layer as? T { return match }
        }
        return nil
    }

    /// True when the top layer is of type `T`.
    public func isTop<T: Layer>(_ type: T.Type) -> Bool { layers.last is T }

    /// Changes the topmost open layer of type `T` with `change`; false when none is open.
    @discardableResult
    public mutating func updateLayer<T: Layer>(_ type: T.Type, _ change: (inout T) -> Void) -> Bool {
        guard let index = layers.lastIndex(where: { $0 is T }), var layer = layers[index] as? T else { return false }
        change(&layer)
        layers[index] = layer
        return true
    }

    /// Opens `layer` on top of the others.
    public mutating func open(_ layer: any Layer) {
        layers.append(layer)
    }

    /// Closes every layer of type `T` and what is open over it.
    mutating func closeLayers<T: Layer>(from type: T.Type) {
        if let index = layers.firstIndex(where: { $0 is T }) { layers.removeSubrange(index...) }
    }

    /// A key for the layers, top first: nil when no layer is open or every open one let it fall
    /// through, so the main view takes it.
    mutating func routeToLayers(_ key: Key) -> [Command]? {
        var index = layers.count - 1
        while index >= 0 {
            let bindings = layers[index].activeBindings(keyMap)
            var answered = false
            let commands = acting(at: index) { layer, state in
                let response: LayerResponse
                if let action = bindings.action(for: key) {
                    if action == "help", !(layer is HelpLayer) {
                        response = .open(HelpLayer(for: layer, keyMap: state.keyMap))
                    } else {
                        response = layer.perform(action, in: &state)
                    }
                } else {
                    response = layer.handle(key, in: &state)
                }
                answered = response.disposition != .ignored || layer.isModal
                return response
            }
            if answered { return commands }
            index -= 1
        }
        return nil
    }

    /// Ctrl-C over the layers: the top one's ``Layer/interrupt(in:)``; it never quits.
    mutating func interruptTopLayer() -> [Command] {
        lastInterrupt = nil
        guard !layers.isEmpty else { return [] }
        return acting(at: layers.count - 1) { layer, state in layer.interrupt(in: &state) }
    }

    /// Pasted text for the top layer.
    mutating func pasteIntoTopLayer(_ text: String) -> [Command] {
        guard !layers.isEmpty else { return [] }
        return acting(at: layers.count - 1) { layer, state in layer.paste(text, in: &state) }
    }

    /// Lets the layer at `index` act on the state, taken out of the stack meanwhile (what it does
    /// to the stack through the state, such as going to a `ws://` URL, stands); then puts it
    /// back unless it closed, with the layers it opened over it (in its place when it closed).
    /// A layer that ignored the input goes back unchanged.
    private mutating func acting(
        at index: Int, _ act: (inout any Layer, inout BrowserState) -> LayerResponse
    ) -> [Command] {
        let original = layers.remove(at: index)
        var layer = original
        let response = act(&layer, &self)
        let place = min(index, layers.count)
        switch response.disposition {
        case .close:
            layers.insert(contentsOf: response.opened, at: place)
        case .handled:
            layers.insert(contentsOf: [layer] + response.opened, at: place)
        case .ignored:
            layers.insert(original, at: place)
        }
        return response.commands
    }
}
