import Hummingbird

/// Typed access to a request's query parameters, with 400 errors naming the bad parameter.
struct QueryParameters {
    private let request: Request

    /// Reads the query of `request`.
    init(_ request: Request) {
        self.request = request
    }

    /// The first value of `name`, or `nil` when absent.
    func string(_ name: String) -> String? {
        request.uri.queryParameters[Substring(name)].map(String.init)
    }

    /// The integer value of `name`, `defaultValue` when absent or empty; a value that is not an
    /// integer in `range` is a 400 error.
    func int(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let text = string(name), !text.isEmpty else { return defaultValue }
        guard let value = Int(text), range.contains(value) else {
            throw APIError(
                .badRequest,
                "The query parameter \"\(name)\" must be an integer from \(range.lowerBound) to \(range.upperBound)."
            )
        }
        return value
    }

    /// The integer value of `name`, `nil` when absent or empty; a value that is not an integer
    /// in `range` is a 400 error.
    func optionalInt(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = string(name), !text.isEmpty else { return nil }
        return try int(name, default: range.lowerBound, in: range)
    }
}
