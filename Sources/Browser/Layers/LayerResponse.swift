/// What a layer did with a key, a paste or news: whether it used it, whether it closes, the
/// layers it opens over itself, and the effects to carry out.
public struct LayerResponse {
    /// Where the input went.
    public enum Disposition: Sendable, Equatable {
        /// Used; it goes no further.
        case handled
        /// Not used: it falls through to the layer below (unless this layer is modal).
        case ignored
        /// Used, and the layer closes.
        case close
    }

    /// Where the input went.
    public var disposition: Disposition
    /// Effects for the runtime, in order.
    public var commands: [Command]
    /// Layers to open over this one (after it closes, when it does), bottom first.
    public var opened: [any Layer]

    /// Creates a response.
    public init(_ disposition: Disposition, commands: [Command] = [], opening opened: [any Layer] = []) {
        self.disposition = disposition
        self.commands = commands
        self.opened = opened
    }

    /// Used, nothing else.
    public static var handled: LayerResponse { LayerResponse(.handled) }
    /// Not used.
    public static var ignored: LayerResponse { LayerResponse(.ignored) }
    /// Used; the layer closes.
    public static var close: LayerResponse { LayerResponse(.close) }

    /// Used, with effects.
    public static func handled(_ commands: [Command]) -> LayerResponse { LayerResponse(.handled, commands: commands) }

    /// Used; the layer closes, with effects.
    public static func close(_ commands: [Command]) -> LayerResponse { LayerResponse(.close, commands: commands) }

    /// Used; `layer` opens over this one.
    public static func open(_ layer: any Layer, commands: [Command] = []) -> LayerResponse {
        LayerResponse(.handled, commands: commands, opening: [layer])
    }

    /// Used; this layer closes and `layer` takes its place.
    public static func replace(with layer: any Layer, commands: [Command] = []) -> LayerResponse {
        LayerResponse(.close, commands: commands, opening: [layer])
    }
}
