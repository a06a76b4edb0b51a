import Foundation

/// A ``Request`` whose result is decoded from a JSON body.
///
/// ``Request/decode(_:)`` is provided: it decodes ``Request/Result`` with ``decoder``. Keys are
/// matched exactly as written unless you opt into snake case with ``decodeSnakeCase`` or supply a
/// configured decoder (date strategy, key strategy, …).
///
/// ```swift
/// struct UserRequest: JsonRequest {
///     typealias Result = [User]
///     var routes: HttpRoute { ["users"] }
/// }
/// ```
public protocol JsonRequest: Request where Result: Decodable {

    /// Whether JSON keys in snake_case (`user_id`) are matched to camelCase properties
    /// (`userId`). `false` by default. Only used by the default ``decoder``.
    var decodeSnakeCase: Bool { get }

    /// The decoder used by ``Request/decode(_:)``. By default a new `JSONDecoder` with default
    /// settings, except `keyDecodingStrategy` is `.convertFromSnakeCase` when ``decodeSnakeCase``
    /// is `true`.
    var decoder: JSONDecoder { get }
}

extension JsonRequest {

    /// Keys are matched exactly.
    public var decodeSnakeCase: Bool {
        false
    }

    /// A default `JSONDecoder`, converting from snake case if ``decodeSnakeCase`` says so.
    public var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        if decodeSnakeCase {
            decoder.keyDecodingStrategy = .convertFromSnakeCase
        }
        return decoder
    }

    /// Decodes ``Request/Result`` from the JSON body with ``decoder``; throws the decoder's
    /// `DecodingError` (an empty or malformed body is `dataCorrupted`).
    public func decode(_ data: Data) throws -> Result {
        try decoder.decode(Result.self, from: data)
    }
}
