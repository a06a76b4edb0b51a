import Hummingbird

/// `GET /live/ndjson`: newline-delimited JSON, one line per step of the ``LiveClock`` (see
/// ``LiveFeed/line(sequence:step:clock:)``), the first at once, until the client goes away or
/// `?count=N` lines have been sent.
struct NDJSONStreamRoutes {
    /// The clock that paces the lines.
    let clock: LiveClock
    /// Where open streams are counted.
    let store: DemoStore

    /// Adds the route to `router`.
    func register(on router: Router<BasicRequestContext>) {
        let clock = self.clock
        let stream = LiveStream(clock: clock, store: store)
        router.get("live/ndjson") { request, _ in
            let count = try QueryParameters(request).optionalInt("count", in: 0...1_000_000)
            let body = stream.body(limit: count) { index, step in
                [try LiveFeed.line(sequence: index + 1, step: step, clock: clock) + "\n"]
            }
            return Response(
                status: .ok, headers: [.contentType: ContentType.ndjson, .cacheControl: "no-cache"], body: body)
        }
    }
}
