/// One variable a request uses and every place it is used, in the order the places were found.
public struct VariableUse: Sendable, Hashable {
    /// The variable.
    public var reference: VariableReference
    /// Where it is used, without repeats, in request order (URL, headers, body, auth).
    public var places: [VariablePlace]

    /// Creates a use.
    public init(reference: VariableReference, places: [VariablePlace]) {
        self.reference = reference
        self.places = places
    }

    /// `base (the URL, header X-Base)`.
    public var summary: String {
        "\(reference) (\(places.map(\.description).joined(separator: ", ")))"
    }

    /// Gathers uses in order of first appearance, merging the places of one variable.
    struct Collector {
        private(set) var uses: [VariableUse] = []
        private var indexes: [VariableReference: Int] = [:]

        mutating func add(_ reference: VariableReference, at place: VariablePlace) {
            if let index = indexes[reference] {
                if !uses[index].places.contains(place) { uses[index].places.append(place) }
            } else {
                indexes[reference] = uses.count
                uses.append(VariableUse(reference: reference, places: [place]))
            }
        }
    }
}
