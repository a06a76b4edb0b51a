import Hummingbird

/// Puts the demo's middleware and routes together into one router.
enum RouterFactory {
    /// A router serving every demo route from `store`. Requests are counted before anything
    /// else runs, and every error becomes a JSON error body.
    static func makeRouter(store: DemoStore) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: RequestCountingMiddleware(store: store))
        router.add(middleware: ErrorBodyMiddleware())
        IndexRoutes().register(on: router)
        UserRoutes(store: store).register(on: router)
        PostRoutes(store: store).register(on: router)
        CommentRoutes(store: store).register(on: router)
        TestRoutes(store: store).register(on: router)
        BulkRoutes().register(on: router)
        EchoRoutes().register(on: router)
        BrokenRoutes().register(on: router)
        HostileRoutes().register(on: router)
        return router
    }
}
