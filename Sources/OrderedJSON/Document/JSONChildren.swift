/// The children of a container in a ``JSONDocument``, as entries, in the order of the text.
public struct JSONChildren: Sequence, Sendable {
    let document: JSONDocument
    let first: Int?

    /// Walks from one child to the next by skipping over each child's entries.
    public struct Iterator: IteratorProtocol {
        let document: JSONDocument
        var upcoming: Int?

        /// The next child's entry.
        public mutating func next() -> Int? {
            guard let current = upcoming else { return nil }
            upcoming = document.nextSibling(of: current)
            return current
        }
    }

    /// An iterator from the first child.
    public func makeIterator() -> Iterator { Iterator(document: document, upcoming: first) }
}
