/// A stored user.
struct User: Equatable, Sendable {
    /// The user's id, unique among users, assigned by the store.
    let id: Int
    /// The login name.
    var username: String
    /// The display name.
    var name: String
    /// The e-mail address (never validated).
    var email: String

    /// The path of this user.
    var path: String { "/users/\(id)" }
}
