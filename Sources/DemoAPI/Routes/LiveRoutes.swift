import Hummingbird

/// Routes under `/live/` whose JSON follows the ``LiveClock``: `/live/counter` counts steps,
/// `/live/list` gains and loses items (see ``LiveList``), and `/live/static` never changes.
/// Each answer has the strong `ETag` of its current bytes, honours `If-None-Match` with
/// `304 Not Modified`, and carries `Cache-Control: no-cache`.
struct LiveRoutes {
    /// The `Cache-Control` header of every live answer: caches may keep it but must revalidate.
    static let noCache: HTTPFields = [.cacheControl: "no-cache"]

    /// The body of `GET /live/static`.
    static let staticBody = JSONValue.object([
        "name": .string("static"),
        "description": .string(
            "This resource never changes: its ETag stays the same, so a conditional request gets 304 Not Modified."
        ),
        "createdAt": .string("2024-01-01T00:00:00.000Z"),
        "links": .object(["counter": .string("/live/counter"), "list": .string("/live/list")]),
    ])

    /// The clock the resources follow.
    let clock: LiveClock

    /// Adds the routes to `router`.
    func register(on router: Router<BasicRequestContext>) {
        let clock = self.clock
        router.get("live/counter") { request, _ in
            let step = clock.currentStep()
            let body = JSONValue.object([
                "count": .int(step),
                "updatedAt": .string(clock.timestamp(ofStep: step)),
                "stepMilliseconds": .int(clock.stepMilliseconds),
            ])
            return try ResponseBuilder.json(body, headers: Self.noCache, for: request)
        }
        router.get("live/list") { request, _ in
            let list = LiveList(step: clock.currentStep(), clock: clock)
            return try ResponseBuilder.json(list.json, headers: Self.noCache, for: request)
        }
        router.get("live/static") { request, _ in
            try ResponseBuilder.json(Self.staticBody, headers: Self.noCache, for: request)
        }
    }
}
