/// The data every new server starts with: 10 users, 3 posts per user, 2 comments per post.
///
/// The content is generated from fixed word lists, so two servers always start identical.
enum SeedData {
    /// How many users the seed holds.
    static let userCount = 10
    /// How many posts each seed user wrote.
    static let postsPerUser = 3
    /// How many comments each seed post has.
    static let commentsPerPost = 2

    private static let firstNames = [
        "Ada", "Brian", "Claude", "Dorothy", "Edsger", "Frances", "Grace", "Hedy", "Ivan", "Joan",
    ]
    private static let lastNames = [
        "Lovelace", "Kernighan", "Shannon", "Vaughan", "Dijkstra", "Allen", "Hopper", "Lamarr", "Sutherland", "Clarke",
    ]
    private static let topics = [
        "caching", "naps", "hammocks", "latency", "retries", "pagination", "observers", "entities", "timeouts",
        "redirects",
    ]

    /// The seed users, ids 1 to ``userCount``.
    static var users: [User] {
        (1...userCount).map { id in
            let first = firstNames[id - 1]
            let last = lastNames[id - 1]
            return User(
                id: id,
                username: (first.prefix(1) + last).lowercased(),
                name: "\(first) \(last)",
                email: "\(first.lowercased())@example.org"
            )
        }
    }

    /// The seed posts: post ids `3 * (user - 1) + 1 ... 3 * user` belong to each user.
    static var posts: [Post] {
        (1...(userCount * postsPerUser)).map { id in
            let userId = (id - 1) / postsPerUser + 1
            let topic = topics[(id - 1) % topics.count]
            return Post(
                id: id,
                userId: userId,
                title: "Notes on \(topic), part \((id - 1) % postsPerUser + 1)",
                body: "Some thoughts on \(topic) by \(firstNames[userId - 1]).\nA second line, to show line breaks."
            )
        }
    }

    /// The seed comments: comment ids `2 * (post - 1) + 1 ... 2 * post` belong to each post.
    static var comments: [Comment] {
        (1...(userCount * postsPerUser * commentsPerPost)).map { id in
            let postId = (id - 1) / commentsPerPost + 1
            let author = firstNames[(id * 3) % firstNames.count]
            return Comment(
                id: id,
                postId: postId,
                name: author,
                email: "\(author.lowercased())@example.org",
                body: "Comment \(id) on post \(postId): \(id.isMultiple(of: 2) ? "agreed." : "interesting!")"
            )
        }
    }
}
