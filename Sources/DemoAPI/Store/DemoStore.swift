import Foundation
import NIOConcurrencyHelpers

/// All mutable state of one server: the browsable records, the request counters, the state of
/// the flaky and retry routes, the logins and their tokens, the polled jobs, and the number of
/// live streams being written.
///
/// Every method takes one lock for its whole effect, so each call is atomic with respect to the
/// others and the store can be shared by all request handlers.
final class DemoStore: Sendable {
    private struct State {
        var users: [Int: User] = [:]
        var posts: [Int: Post] = [:]
        var comments: [Int: Comment] = [:]
        var nextUserId = 1
        var nextPostId = 1
        var requestCounts: [String: Int] = [:]
        var lastBodies: [String: Data] = [:]
        var flakyRequests = 0
        var retryAttempts: [String: Int] = [:]
        var throttleStarts: [String: ContinuousClock.Instant] = [:]
        var openStreams = 0
        var sessions: [String: String] = [:]
        var logins = 0
        var loginsByUser: [String: Int] = [:]
        var jobs: [Int: DemoJob] = [:]
        var nextJobId = 1

        mutating func requireUser(_ id: Int) throws {
            guard users[id] != nil else {
                throw APIError(.badRequest, "The userId \(id) does not name an existing user.")
            }
        }
    }

    private let state: NIOLockedValueBox<State>

    /// Creates a store holding the ``SeedData``.
    init() {
        var state = State()
        for user in SeedData.users {
            state.users[user.id] = user
        }
        for post in SeedData.posts {
            state.posts[post.id] = post
        }
        for comment in SeedData.comments {
            state.comments[comment.id] = comment
        }
        state.nextUserId = (state.users.keys.max() ?? 0) + 1
        state.nextPostId = (state.posts.keys.max() ?? 0) + 1
        self.state = NIOLockedValueBox(state)
    }

    // MARK: Request counts

    /// Adds one to the count of `path`.
    func countRequest(forPath path: String) {
        state.withLockedValue { $0.requestCounts[path, default: 0] += 1 }
    }

    /// The number of requests counted for exactly `path`; 0 for a path never requested.
    func requestCount(forPath path: String) -> Int {
        state.withLockedValue { $0.requestCounts[path] ?? 0 }
    }

    /// Sets every request count back to zero.
    func resetRequestCounts() {
        state.withLockedValue { $0.requestCounts = [:] }
    }

    /// Keeps `body` as the last one received for `path` (bodies up to 1 MiB; a larger one is
    /// kept as its first MiB).
    func recordBody(_ body: Data, forPath path: String) {
        state.withLockedValue { $0.lastBodies[path] = body.prefix(1 << 20) }
    }

    /// The last body received for exactly `path` by a route that keeps bodies.
    func lastBody(forPath path: String) -> Data? {
        state.withLockedValue { $0.lastBodies[path] }
    }

    // MARK: Users

    /// All users, by ascending id.
    func users() -> [User] {
        state.withLockedValue { $0.users.values.sorted { $0.id < $1.id } }
    }

    /// The user with `id`, or `nil`.
    func user(id: Int) -> User? {
        state.withLockedValue { $0.users[id] }
    }

    /// Stores a new user built from `fields` under the next free id and returns it.
    func createUser(_ fields: UserFields) -> User {
        state.withLockedValue { state in
            let user = fields.makeUser(id: state.nextUserId)
            state.nextUserId += 1
            state.users[user.id] = user
            return user
        }
    }

    /// Replaces every field of user `id`; `nil` if there is no such user.
    func replaceUser(id: Int, with fields: UserFields) -> User? {
        state.withLockedValue { state in
            guard state.users[id] != nil else { return nil }
            let user = fields.makeUser(id: id)
            state.users[id] = user
            return user
        }
    }

    /// Replaces the given fields of user `id`; `nil` if there is no such user.
    func updateUser(id: Int, with fields: UserFields) -> User? {
        state.withLockedValue { state in
            guard let existing = state.users[id] else { return nil }
            let user = fields.merged(into: existing)
            state.users[id] = user
            return user
        }
    }

    /// Deletes user `id` with their posts and those posts' comments; `false` if there was no
    /// such user.
    func deleteUser(id: Int) -> Bool {
        state.withLockedValue { state in
            guard state.users.removeValue(forKey: id) != nil else { return false }
            let postIds = Set(state.posts.values.filter { $0.userId == id }.map(\.id))
            state.posts = state.posts.filter { !postIds.contains($0.key) }
            state.comments = state.comments.filter { !postIds.contains($0.value.postId) }
            return true
        }
    }

    // MARK: Posts

    /// All posts, by ascending id.
    func posts() -> [Post] {
        state.withLockedValue { $0.posts.values.sorted { $0.id < $1.id } }
    }

    /// The posts of user `userId`, by ascending id; `nil` if there is no such user.
    func posts(ofUser userId: Int) -> [Post]? {
        state.withLockedValue { state in
            guard state.users[userId] != nil else { return nil }
            return state.posts.values.filter { $0.userId == userId }.sorted { $0.id < $1.id }
        }
    }

    /// The post with `id`, or `nil`.
    func post(id: Int) -> Post? {
        state.withLockedValue { $0.posts[id] }
    }

    /// Stores a new post built from `fields` under the next free id and returns it. Throws a 400
    /// error when `userId` is missing or names no user.
    func createPost(_ fields: PostFields) throws -> Post {
        try state.withLockedValue { state in
            let post = try fields.makePost(id: state.nextPostId)
            try state.requireUser(post.userId)
            state.nextPostId += 1
            state.posts[post.id] = post
            return post
        }
    }

    /// Replaces every field of post `id`; `nil` if there is no such post. Throws a 400 error
    /// when `userId` is missing or names no user.
    func replacePost(id: Int, with fields: PostFields) throws -> Post? {
        try state.withLockedValue { state in
            guard state.posts[id] != nil else { return nil }
            let post = try fields.makePost(id: id)
            try state.requireUser(post.userId)
            state.posts[id] = post
            return post
        }
    }

    /// Replaces the given fields of post `id`; `nil` if there is no such post. Throws a 400 error
    /// when a given `userId` names no user.
    func updatePost(id: Int, with fields: PostFields) throws -> Post? {
        try state.withLockedValue { state in
            guard let existing = state.posts[id] else { return nil }
            let post = fields.merged(into: existing)
            try state.requireUser(post.userId)
            state.posts[id] = post
            return post
        }
    }

    /// Deletes post `id` and its comments; `false` if there was no such post.
    func deletePost(id: Int) -> Bool {
        state.withLockedValue { state in
            guard state.posts.removeValue(forKey: id) != nil else { return false }
            state.comments = state.comments.filter { $0.value.postId != id }
            return true
        }
    }

    // MARK: Comments

    /// The comments on post `postId`, by ascending id; `nil` if there is no such post.
    func comments(ofPost postId: Int) -> [Comment]? {
        state.withLockedValue { state in
            guard state.posts[postId] != nil else { return nil }
            return state.comments.values.filter { $0.postId == postId }.sorted { $0.id < $1.id }
        }
    }

    /// The comment with `id`, or `nil`.
    func comment(id: Int) -> Comment? {
        state.withLockedValue { $0.comments[id] }
    }

    // MARK: Test routes

    /// Counts one more request to the flaky route and returns its 1-based number; odd numbers
    /// fail, even ones succeed.
    func nextFlakyRequest() -> Int {
        state.withLockedValue { state in
            state.flakyRequests += 1
            return state.flakyRequests
        }
    }

    /// How many throttle or retry keys are remembered before old ones are forgotten.
    static let maximumKeys = 4096

    /// The time the first request for the throttle key arrived (now, for the first one).
    func throttleStart(forKey key: String) -> ContinuousClock.Instant {
        state.withLockedValue { state in
            if let start = state.throttleStarts[key] {
                return start
            }
            let now = ContinuousClock.now
            if state.throttleStarts.count >= Self.maximumKeys {
                // Keys come from clients; forget the old ones rather than grow without bound.
                state.throttleStarts = state.throttleStarts.filter { now - $0.value < .seconds(60) }
                if state.throttleStarts.count >= Self.maximumKeys {
                    state.throttleStarts.removeAll()
                }
            }
            state.throttleStarts[key] = now
            return now
        }
    }

    /// Counts one more attempt for the retry key and returns the 1-based attempt number.
    func nextRetryAttempt(forKey key: String) -> Int {
        state.withLockedValue { state in
            if state.retryAttempts[key] == nil, state.retryAttempts.count >= Self.maximumKeys {
                state.retryAttempts.removeAll()
            }
            state.retryAttempts[key, default: 0] += 1
            return state.retryAttempts[key]!
        }
    }

    // MARK: Logins

    /// Counts one more successful login of `username` and returns the new opaque token that
    /// names it (32 hex digits). Tokens do not expire while the server runs; when
    /// ``maximumKeys`` are held, the old ones are forgotten.
    func logIn(username: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let token = (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
        return state.withLockedValue { state in
            if state.sessions.count >= Self.maximumKeys {
                state.sessions.removeAll()
            }
            state.sessions[token] = username
            state.logins += 1
            state.loginsByUser[username, default: 0] += 1
            return token
        }
    }

    /// The user a token from ``logIn(username:)`` names, with how many times that user has
    /// logged in; `nil` for a token the server did not give out.
    func session(token: String) -> (username: String, logins: Int)? {
        state.withLockedValue { state in
            guard let username = state.sessions[token] else { return nil }
            return (username, state.loginsByUser[username] ?? 0)
        }
    }

    /// How many successful logins there have been.
    func loginCount() -> Int {
        state.withLockedValue { $0.logins }
    }

    // MARK: Jobs

    /// Stores a new pending job that is done after `steps` polls and returns it.
    func createJob(steps: Int) -> DemoJob {
        state.withLockedValue { state in
            if state.jobs.count >= Self.maximumKeys {
                state.jobs.removeAll()
            }
            let job = DemoJob(id: state.nextJobId, steps: steps)
            state.nextJobId += 1
            state.jobs[job.id] = job
            return job
        }
    }

    /// Job `id` after one more poll (a finished job stays as it is), or as it is when `counts`
    /// is false; `nil` if there is no such job.
    func pollJob(id: Int, counts: Bool = true) -> DemoJob? {
        state.withLockedValue { state in
            guard var job = state.jobs[id] else { return nil }
            if counts && !job.isDone {
                job.polls += 1
                state.jobs[id] = job
            }
            return job
        }
    }

    // MARK: Live streams

    /// Notes that a streamed response (`/events`, `/live/ndjson`) has started writing.
    func streamOpened() {
        state.withLockedValue { $0.openStreams += 1 }
    }

    /// Notes that a streamed response has stopped writing, because it ended or failed.
    func streamClosed() {
        state.withLockedValue { $0.openStreams -= 1 }
    }

    /// The number of streamed responses being written.
    func openStreamCount() -> Int {
        state.withLockedValue { $0.openStreams }
    }
}
