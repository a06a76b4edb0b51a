/// Text compared and hashed by its UTF-8 bytes, not by Unicode canonical equivalence: `é` and
/// `e` + U+0301 are different here, as they are different bytes on the wire.
struct ExactText: Hashable, Sendable {
    /// The text.
    let text: Substring

    init(_ text: Substring) {
        self.text = text
    }

    init(_ text: String) {
        self.text = text[...]
    }

    static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable {
            hasher.combine(bytes: UnsafeRawBufferPointer($0))
        }
        if hashed == nil {
            Array(text.utf8).withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
}
