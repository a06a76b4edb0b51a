/// The writable fields of a user as read from a JSON request body; a field that the body does
/// not mention is `nil`.
///
/// Unknown keys (and `id`, which the path decides) are ignored; a known key with a value of the
/// wrong type is a 400 error.
struct UserFields: Equatable, Sendable {
    /// The new login name, if given.
    var username: String?
    /// The new display name, if given.
    var name: String?
    /// The new e-mail address, if given.
    var email: String?

    /// Reads the fields from a decoded JSON body, which must be an object.
    init(json: JSONValue) throws {
        let object = try FieldReader(json: json)
        username = try object.string("username")
        name = try object.string("name")
        email = try object.string("email")
    }

    /// A user with the given id built from these fields alone (missing ones become empty), as
    /// `POST` and `PUT` do.
    func makeUser(id: Int) -> User {
        User(id: id, username: username ?? "", name: name ?? "", email: email ?? "")
    }

    /// `user` with the given fields replaced and the others kept, as `PATCH` does.
    func merged(into user: User) -> User {
        var user = user
        user.username = username ?? user.username
        user.name = name ?? user.name
        user.email = email ?? user.email
        return user
    }
}
