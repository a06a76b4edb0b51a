/// A search in one resource's body: its query, the matches found so far (search positions,
/// ascending; see `BodyContent.searchPosition(atLine:)`) and whether it is still running.
public struct SearchState: Sendable, Equatable {
    /// The text searched for.
    public var query: String
    /// The resource whose body is searched.
    public var url: String
    /// Tells this search's updates from those of earlier ones.
    public var generation: Int
    /// The search position of the cursor when the search started; the first match after it is
    /// where the cursor goes.
    public var startPosition: Int
    /// Matches found so far, ascending.
    public var matches: [Int] = []
    /// True until the whole body has been searched or the search was stopped.
    public var isRunning = true
    /// How much of the body has been searched, 0...1.
    public var progress: Double = 0
    /// True when the search stopped at `BodySearch.maximumMatches`.
    public var reachedLimit = false
    /// True once the cursor has moved to a match of this search.
    public var hasMoved = false

    /// Creates a running search with nothing found yet.
    public init(query: String, url: String, generation: Int, startPosition: Int) {
        self.query = query
        self.url = url
        self.generation = generation
        self.startPosition = startPosition
    }

    /// "3 matches", "1 match", "no match", with "+" when the limit was reached.
    public var matchSummary: String {
        switch matches.count {
        case 0: return "no match"
        case 1: return "1 match"
        default: return "\(matches.count)\(reachedLimit ? "+" : "") matches"
        }
    }
}
