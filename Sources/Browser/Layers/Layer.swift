import TUICore

/// One screen or overlay of the browser: a value with its own state, the keys it takes
/// (``Binding``s, with their help), what it does with them, and how it draws itself.
///
/// The browser keeps a stack of layers over the main view (``BrowserState/layers``). A key goes
/// to the top layer first: a key bound there runs ``perform(_:in:)``, any other key goes to
/// ``handle(_:in:)``; a key the layer ignores falls through to the one below, unless the layer
/// is ``isModal``. `Esc` closes a layer the same way everywhere (its `close` binding). Layers are
/// drawn bottom first, each over what is below it.
///
/// A layer reaches the rest of the browser through the state it is given (the resources, the
/// event log, the status line) and through the ``Command``s it returns; it never does I/O.
///
/// To add a screen: a folder under `Sources/Browser/Screens/` with the layer's state, its
/// bindings and its view, and one line in ``LayerRegistry/all``.
public protocol Layer {
    /// The layer's name in key maps and help (`form`, `viewer`): `form.send` names the
    /// binding `send` of the layer named `form`.
    static var name: String { get }

    /// The layer's bindings before a key map changes them, in the order help lists them.
    static var defaultBindings: [Binding] { get }

    /// Where the layer is, for `hammock --help` ("a form (p u a, a saved request)").
    static var modeName: String { get }

    /// Rows `?` help adds after the bindings: what is not a key (`any key` types, `{{name}}` is
    /// filled in). Empty by default.
    static var helpNotes: [(keys: String, summary: String)] { get }

    /// The title of its `?` help.
    var helpTitle: String { get }

    /// True when the layer shows its keys in its own box (a form, a question): the footer then
    /// shows none; false when the footer shows the layer's keys.
    var showsOwnKeys: Bool { get }

    /// True when keys the layer does not use stop at it (a form, a list); false when they fall
    /// through to the layer below.
    var isModal: Bool { get }

    /// The bindings in effect now, with the key map's changes (a layer whose keys depend on its
    /// state narrows ``defaultBindings``).
    func activeBindings(_ keyMap: KeyMap) -> [Binding]

    /// Runs the bound action `action` (a name from ``defaultBindings``).
    mutating func perform(_ action: String, in state: inout BrowserState) -> LayerResponse

    /// A key no binding took (typing into a field, a list's filter).
    mutating func handle(_ key: Key, in state: inout BrowserState) -> LayerResponse

    /// Pasted text.
    mutating func paste(_ text: String, in state: inout BrowserState) -> LayerResponse

    /// Ctrl-C, which never quits from a layer: it cancels what the layer is doing, or closes it.
    mutating func interrupt(in state: inout BrowserState) -> LayerResponse

    /// The layer's scrolling page on a terminal of the state's size, for the frame context; nil
    /// when it has none.
    func pageSize(_ state: BrowserState) -> FrameContext.PageSize?

    /// Draws the layer over what `screen` already holds.
    func draw(_ state: BrowserState, into screen: inout Screen)
}

extension Layer {
    /// No notes.
    public static var helpNotes: [(keys: String, summary: String)] { [] }

    /// The footer shows the keys.
    public var showsOwnKeys: Bool { false }

    /// Modal: keys stop here.
    public var isModal: Bool { true }

    /// Ignores keys no binding took.
    public mutating func handle(_ key: Key, in state: inout BrowserState) -> LayerResponse { .ignored }

    /// Ignores pastes.
    public mutating func paste(_ text: String, in state: inout BrowserState) -> LayerResponse { .ignored }

    /// The bindings with the key map's changes.
    public func activeBindings(_ keyMap: KeyMap) -> [Binding] { keyMap.bindings(of: Self.self) }

    /// Closes as the `close` binding does.
    public mutating func interrupt(in state: inout BrowserState) -> LayerResponse {
        perform("close", in: &state)
    }

    /// No page.
    public func pageSize(_ state: BrowserState) -> FrameContext.PageSize? { nil }

    /// The name of the layer's type, for key maps.
    public var name: String { Self.name }
}
