/// A read-only overlay showing one text or body: a curl command to select by hand, a past
/// response from history, a diff, the cookie jar. It scrolls like latestData (j/k, PgUp/PgDn,
/// Home/End, ←/→) and `Esc` goes back to what it was opened from.
public struct TextViewer {
    /// What the text is, for colouring.
    public enum Kind: Sendable {
        /// Plain text or a body.
        case plain
        /// A diff: lines starting `+` are added, `-` removed, `~` changed, `@@` hunk heads.
        case diff
    }

    /// The title on the box.
    public var title: String
    /// A line under the title saying what to do with the text (may be empty).
    public var note: String
    /// The text or body shown.
    public var body: BodyContent
    /// How lines are coloured.
    public var kind: Kind
    /// The cursor and scroll position.
    public var position = ViewPosition()
    /// The overlay to go back to on `Esc` (nil: the main view).
    public var returnTo: Overlay?

    /// Creates a viewer at the top of `body`.
    public init(title: String, note: String = "", body: BodyContent, kind: Kind = .plain, returnTo: Overlay? = nil) {
        self.title = title
        self.note = note
        self.body = body
        self.kind = kind
        self.returnTo = returnTo
    }

    /// A viewer of plain text.
    public init(title: String, note: String = "", text: String, kind: Kind = .plain, returnTo: Overlay? = nil) {
        self.init(
            title: title, note: note, body: text.isEmpty ? .empty("nothing") : .text(TextDocument(text)), kind: kind,
            returnTo: returnTo)
    }
}
