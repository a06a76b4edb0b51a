/// A stored comment on a post.
struct Comment: Equatable, Sendable {
    /// The comment's id, unique among comments.
    let id: Int
    /// The id of the post commented on.
    let postId: Int
    /// The commenter's name.
    let name: String
    /// The commenter's e-mail address.
    let email: String
    /// The text of the comment.
    let body: String

    /// The path of this comment.
    var path: String { "/comments/\(id)" }
}
