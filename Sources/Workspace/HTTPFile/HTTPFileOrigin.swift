/// Where a request was read: the file and the lines that notes about it name. It is not part
/// of the request's value: two requests that say the same are equal wherever they were read,
/// so `==` and `hash(into:)` ignore it.
struct HTTPFileOrigin: Sendable, Hashable {
    /// The file name the document was parsed with.
    var file: String? = nil
    /// The 1-based line of the request line.
    var requestLine = 0
    /// For each response handler, the line its text starts on (the `>` line).
    var handlerLines: [Int] = []
    /// For each directive, its line.
    var directiveLines: [Int] = []
    /// For each pre-request script, the line it starts on.
    var preRequestLines: [Int] = []

    static func == (lhs: HTTPFileOrigin, rhs: HTTPFileOrigin) -> Bool { true }

    func hash(into hasher: inout Hasher) {}

    /// `api.http:14: ` (or `line 14: ` without a file name) to start a sentence about `line`;
    /// only the file (or nothing) for a request made in code.
    func place(_ line: Int) -> String {
        guard line > 0 else { return file.map { "\($0): " } ?? "" }
        if let file { return "\(file):\(line): " }
        return "line \(line): "
    }
}
