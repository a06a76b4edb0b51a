/// A path template (`/pets/{petId}`, `/files/{name}.{extension}`) split into segments, each of
/// literal text and `{variables}`, to match request paths against.
struct OpenAPIPathTemplate {
    /// A run of literal text or a variable within one segment.
    enum Piece: Equatable {
        case literal([Character])
        case variable(String)
    }

    /// The segments between slashes, leading and trailing slashes aside.
    let segments: [[Piece]]
    /// How many segments are literal text only.
    let literalSegments: Int
    /// How many literal characters the template has.
    let literalCharacters: Int

    /// The template of `path`.
    init(_ path: String) {
        segments = Self.segments(path).map(Self.pieces)
        literalSegments = segments.filter { $0.allSatisfy { if case .literal = $0 { true } else { false } } }.count
        literalCharacters = segments.joined().reduce(0) {
            if case .literal(let text) = $1 { $0 + text.count } else { $0 }
        }
    }

    /// The segments of a path: split at `/`, without the empty segments a leading or trailing
    /// slash makes.
    static func segments(_ path: String) -> [String] {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts.first == "" { parts.removeFirst() }
        if parts.last == "" { parts.removeLast() }
        return parts
    }

    /// The variables' values when `path` (decoded segments) matches the template, else nil.
    func match(_ path: ArraySlice<String>) -> [String: String]? {
        guard path.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (pieces, segment) in zip(segments, path) {
            guard let found = Self.match(pieces, Array(segment)) else { return nil }
            values.merge(found) { first, _ in first }
        }
        return values
    }

    private static func pieces(_ segment: String) -> [Piece] {
        var pieces: [Piece] = []
        var literal: [Character] = []
        var rest = Substring(segment)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            literal += rest[..<open]
            if !literal.isEmpty { pieces.append(.literal(literal)) }
            literal = []
            pieces.append(.variable(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        literal += rest
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        return pieces
    }

    /// Matches one segment, each variable taking at least one character and as few as let the
    /// rest match; positions that failed are remembered, so that variables side by side cannot
    /// make it slow.
    private static func match(_ pieces: [Piece], _ text: [Character]) -> [String: String]? {
        var failed: Set<Int> = []
        var values: [String: String] = [:]
        func attempt(_ piece: Int, _ position: Int) -> Bool {
            if piece == pieces.count { return position == text.count }
            let key = piece * (text.count + 1) + position
            if failed.contains(key) { return false }
            switch pieces[piece] {
            case .literal(let literal):
                let end = position + literal.count
                if end <= text.count, text[position..<end].elementsEqual(literal), attempt(piece + 1, end) {
                    return true
                }
            case .variable(let name):
                var end = position + 1
                while end <= text.count {
                    if attempt(piece + 1, end) {
                        values[name] = String(text[position..<end])
                        return true
                    }
                    end += 1
                }
            }
            failed.insert(key)
            return false
        }
        return attempt(0, 0) ? values : nil
    }
}
