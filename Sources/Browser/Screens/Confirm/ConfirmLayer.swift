import Safety
import TUICore

/// A yes/no question over what it asks about ("delete this saved request?", "DELETE this
/// URL?"): `y` carries out the answer, any other key cancels.
public struct ConfirmLayer: Layer {
    /// `confirm.yes`, `confirm.no`.
    public static let name = "confirm"
    /// For `hammock --help`.
    public static let modeName = "a yes/no question"
    /// Yes and no; any other key is no.
    public static let defaultBindings: [Binding] = [
        Binding("yes", [.character("y"), .character("Y")], "yes", footer: 0),
        Binding(
            "no", [.character("n"), .character("N"), .escape], "no (any other key too)", footer: 0, footerLabel: "no"),
    ]

    /// How the question looks.
    public enum Style: Sendable, Equatable {
        /// A small `confirm` box with the question.
        case question
        /// The DELETE box: `request(.delete)` with the URL.
        case delete(url: String)
    }

    /// The question.
    public var question: String
    /// How it looks.
    public var style: Style
    /// What yes does: effects, and a layer that opens in the question's place.
    public var yes: [Command]
    /// The layer yes opens, if any (the DELETE form that shows the outcome).
    public var opensOnYes: (any Layer)?
    /// What the status line says on no.
    public var cancelled: String

    /// A question whose yes runs `yes`.
    public init(question: String, yes: [Command], cancelled: String = "cancelled") {
        self.question = question
        style = .question
        self.yes = yes
        self.cancelled = cancelled
    }

    /// The DELETE question for `url`: yes sends it and shows the outcome in a DELETE form.
    public static func delete(url: String) -> ConfirmLayer {
        var form = RequestForm(method: .delete, url: url)
        form.outcome = .sending
        form.sentBody = RequestBody.none
        var layer = ConfirmLayer(
            question: "DELETE \(url) ?",
            yes: [.send(RequestDraft(method: .delete, url: url, headers: [], body: .none), from: url)],
            cancelled: "DELETE cancelled")
        layer.style = .delete(url: url)
        layer.opensOnYes = form
        return layer
    }

    /// The box shows the keys.
    public var showsOwnKeys: Bool { true }

    /// `help: yes or no`.
    public var helpTitle: String { "help: yes or no" }

    /// Yes or no.
    public mutating func perform(_ action: String, in state: inout BrowserState) -> LayerResponse {
        guard action == "yes" else {
            state.status = StatusMessage(cancelled)
            return .close
        }
        return LayerResponse(.close, commands: yes, opening: opensOnYes.map { [$0] } ?? [])
    }

    /// Any other key is no.
    public mutating func handle(_ key: Key, in state: inout BrowserState) -> LayerResponse {
        perform("no", in: &state)
    }

    /// Draws the box.
    public func draw(_ state: BrowserState, into screen: inout Screen) {
        ConfirmView.draw(self, state: state, into: &screen)
    }
}
