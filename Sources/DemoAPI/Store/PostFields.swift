/// The writable fields of a post as read from a JSON request body; a field that the body does
/// not mention is `nil`.
///
/// Unknown keys (and `id`, which the path decides) are ignored; a known key with a value of the
/// wrong type is a 400 error. Whether `userId` names an existing user is checked by the store.
struct PostFields: Equatable, Sendable {
    /// The new author id, if given.
    var userId: Int?
    /// The new title, if given.
    var title: String?
    /// The new text, if given.
    var body: String?

    /// Reads the fields from a decoded JSON body, which must be an object.
    init(json: JSONValue) throws {
        let object = try FieldReader(json: json)
        userId = try object.int("userId")
        title = try object.string("title")
        body = try object.string("body")
    }

    /// A post with the given id built from these fields alone (missing text fields become
    /// empty), as `POST` and `PUT` do; `userId` must be present.
    func makePost(id: Int) throws -> Post {
        guard let userId else {
            throw APIError(.badRequest, "The field \"userId\" is required.")
        }
        return Post(id: id, userId: userId, title: title ?? "", body: body ?? "")
    }

    /// `post` with the given fields replaced and the others kept, as `PATCH` does.
    func merged(into post: Post) -> Post {
        var post = post
        post.userId = userId ?? post.userId
        post.title = title ?? post.title
        post.body = body ?? post.body
        return post
    }
}
