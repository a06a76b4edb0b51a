import Hummingbird

/// Puts the demo's middleware and routes together into one router.
enum RouterFactory {
    /// A router serving every demo route from `store`, with the live routes following `clock`.
    /// Requests are counted before anything else runs, every error becomes a JSON error body,
    /// and each `GET` route also answers `HEAD` with the same headers and no body.
    static func makeRouter(store: DemoStore, clock: LiveClock) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: RequestCountingMiddleware(store: store))
        router.add(middleware: ErrorBodyMiddleware())
        IndexRoutes().register(on: router)
        DescriptionRoutes().register(on: router)
        UserRoutes(store: store).register(on: router)
        PostRoutes(store: store).register(on: router)
        CommentRoutes(store: store).register(on: router)
        TestRoutes(store: store).register(on: router)
        BulkRoutes().register(on: router)
        EchoRoutes().register(on: router)
        AnythingRoutes(store: store).register(on: router)
        UploadRoutes().register(on: router)
        BrokenRoutes().register(on: router)
        HostileServerRoutes(store: store).register(on: router)
        CompressedRoutes().register(on: router)
        HostileRoutes().register(on: router)
        UnicodeRoutes().register(on: router)
        CharsetRoutes().register(on: router)
        CookieRoutes().register(on: router)
        RedirectRoutes().register(on: router)
        LoginRoutes(store: store).register(on: router)
        JobRoutes(store: store).register(on: router)
        OrderRoutes(clock: clock).register(on: router)
        LiveRoutes(clock: clock).register(on: router)
        EventStreamRoutes(clock: clock, store: store).register(on: router)
        NDJSONStreamRoutes(clock: clock, store: store).register(on: router)
        WebSocketRoutes(clock: clock).register(on: router)
        return router
    }
}
