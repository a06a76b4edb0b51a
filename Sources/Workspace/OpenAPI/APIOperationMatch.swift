/// The operation a request URL is an instance of, and the values its path parameters take in
/// that URL (percent-decoded).
public struct APIOperationMatch: Sendable {
    /// The operation.
    public var operation: APIOperation
    /// Each path parameter's value in the URL, by name: `["petId": "42"]` for `/pets/42`
    /// against `/pets/{petId}`.
    public var pathParameters: [String: String]
}
