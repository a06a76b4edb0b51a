import Hummingbird

/// The post collection: `GET`/`POST /posts`, `GET`/`PUT`/`PATCH`/`DELETE /posts/{id}` and
/// `GET /posts/{id}/comments`.
struct PostRoutes {
    /// The data the routes read and write.
    let store: DemoStore

    /// Adds the routes to `router`.
    func register(on router: Router<BasicRequestContext>) {
        let store = self.store
        router.get("posts") { request, _ in
            try ResponseBuilder.json(JSONValue.array(store.posts().map(\.summaryJSON)), for: request)
        }
        router.post("posts") { request, _ in
            let post = try store.createPost(try PostFields(json: try await RequestBodyReader.json(of: request)))
            return try ResponseBuilder.json(post.json, status: .created, headers: [.location: post.path], for: request)
        }
        router.get("posts/:id") { request, context in
            let id = try Self.postId(context)
            guard let post = store.post(id: id) else { throw Self.notFound(id) }
            return try ResponseBuilder.json(post.json, for: request)
        }
        router.put("posts/:id") { request, context in
            let id = try Self.postId(context)
            let fields = try PostFields(json: try await RequestBodyReader.json(of: request))
            guard let post = try store.replacePost(id: id, with: fields) else { throw Self.notFound(id) }
            return try ResponseBuilder.json(post.json, for: request)
        }
        router.patch("posts/:id") { request, context in
            let id = try Self.postId(context)
            let fields = try PostFields(json: try await RequestBodyReader.json(of: request))
            guard let post = try store.updatePost(id: id, with: fields) else { throw Self.notFound(id) }
            return try ResponseBuilder.json(post.json, for: request)
        }
        router.delete("posts/:id") { _, context in
            let id = try Self.postId(context)
            guard store.deletePost(id: id) else { throw Self.notFound(id) }
            return ResponseBuilder.bodiless(status: .noContent)
        }
        router.get("posts/:id/comments") { request, context in
            let id = try Self.postId(context)
            guard let comments = store.comments(ofPost: id) else { throw Self.notFound(id) }
            return try ResponseBuilder.json(JSONValue.array(comments.map(\.json)), for: request)
        }
    }

    private static func postId(_ context: BasicRequestContext) throws -> Int {
        let text = context.parameters.get("id") ?? ""
        guard let id = Int(text) else {
            throw APIError(.notFound, "There is no post with id \"\(text)\".")
        }
        return id
    }

    private static func notFound(_ id: Int) -> APIError {
        APIError(.notFound, "There is no post with id \(id).")
    }
}
