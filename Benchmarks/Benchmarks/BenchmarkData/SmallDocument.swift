import Foundation

/// The small JSON document the network benchmarks serve from nginx (about 250 bytes), and its
/// decoded form.
public struct SmallDocument: Decodable, Sendable {
    /// The postal address in the document.
    public struct Address: Decodable, Sendable {
        /// The city.
        public let city: String
        /// The postcode.
        public let postcode: String
    }

    /// The bytes served.
    public static let json = Data(
        (#"{"id": 1, "name": "Ada Lovelace", "email": "ada@example.com", "roles": ["admin", "author"], "#
            + #""active": true, "score": 98.5, "address": {"city": "London", "postcode": "W1"}, "#
            + #""tags": ["math", "engines", "poetry"], "created": "1843-07-10T12:00:00Z"}"#).utf8)

    /// The person's number.
    public let id: Int
    /// The person's name.
    public let name: String
    /// The person's e-mail address.
    public let email: String
    /// The person's roles.
    public let roles: [String]
    /// Whether the account is active.
    public let active: Bool
    /// A score.
    public let score: Double
    /// Where the person lives.
    public let address: Address
    /// Tags.
    public let tags: [String]
    /// When the account was made, as written.
    public let created: String
}
