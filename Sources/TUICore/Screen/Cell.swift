/// One terminal cell of a `Screen`.
///
/// A wide character (CJK, most emoji) occupies two cells: the first holds the character, the
/// second is a continuation cell (`isContinuation == true`, character `" "`) that the terminal
/// layer never writes on its own.
public struct Cell: Hashable, Sendable {
    /// The grapheme shown in the cell (a space for empty cells and continuations).
    public var character: Character
    /// How the cell looks.
    public var style: Style
    /// True for the right half of a wide character.
    public var isContinuation: Bool

    /// Creates a cell.
    public init(character: Character = " ", style: Style = .plain, isContinuation: Bool = false) {
        self.character = character
        self.style = style
        self.isContinuation = isContinuation
    }

    /// An empty cell with the given style.
    public static func blank(_ style: Style = .plain) -> Cell { Cell(character: " ", style: style) }
}
