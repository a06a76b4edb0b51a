/// Why a request of a run could not be sent or completed, as a sentence.
struct RunFailure: Error, Sendable, CustomStringConvertible {
    /// The sentence, without a final period.
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
