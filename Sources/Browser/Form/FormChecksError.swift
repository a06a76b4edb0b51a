/// A line of a form's checks that does not read: the field and line it is in, the column, and
/// why. The form shows ``message`` on its message line and puts the cursor there.
public struct FormChecksError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The field holding the line.
    public var field: RequestForm.Field
    /// The line within the field, from 0.
    public var line: Int
    /// The column within the line, from 1, in characters.
    public var column: Int
    /// What is wrong, as a sentence without a final period.
    public var reason: String

    /// Creates an error.
    public init(field: RequestForm.Field, line: Int, column: Int, reason: String) {
        self.field = field
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `assertion line 2, column 8: “=<” is not a comparison (==, !=, <, <=, >, >=, …)`.
    public var message: String {
        let place: String
        switch field {
        case .captures: place = "capture line \(line + 1)"
        case .assertions: place = "assertion line \(line + 1)"
        case .retry: place = "retry"
        case .fresh: place = "fresh"
        case .url, .headers, .body: place = "line \(line + 1)"
        }
        return "\(place), column \(column): \(reason)"
    }

    /// Same as ``message``.
    public var description: String { message }
}
