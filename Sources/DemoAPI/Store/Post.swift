/// A stored post, written by one user.
struct Post: Equatable, Sendable {
    /// The post's id, unique among posts, assigned by the store.
    let id: Int
    /// The id of the author; the store keeps it pointing at an existing user.
    var userId: Int
    /// The title.
    var title: String
    /// The text of the post.
    var body: String

    /// The path of this post.
    var path: String { "/posts/\(id)" }
}
