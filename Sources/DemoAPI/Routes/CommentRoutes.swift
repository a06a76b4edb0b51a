import Hummingbird

/// `GET /comments/{id}`: one comment. Comments are read-only.
struct CommentRoutes {
    /// The data the route reads.
    let store: DemoStore

    /// Adds the route to `router`.
    func register(on router: Router<BasicRequestContext>) {
        let store = self.store
        router.get("comments/:id") { request, context in
            let text = context.parameters.get("id") ?? ""
            guard let id = Int(text), let comment = store.comment(id: id) else {
                throw APIError(.notFound, "There is no comment with id \"\(text)\".")
            }
            return try ResponseBuilder.json(comment.json, for: request)
        }
    }
}
