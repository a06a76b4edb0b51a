import Foundation
import Hummingbird

/// `GET /events`: a Server-Sent Events feed, one event per step of the ``LiveClock`` (see
/// ``LiveFeed/event(id:step:clock:)``), that runs until the client goes away.
///
/// The body starts with `retry: <ms>` (query `retry`, 1000 by default) and the first event, sent
/// at once; a `: keep-alive` comment precedes every event whose id is a multiple of 5. Ids start
/// at 1, or after the id of a `Last-Event-ID` request header. `?count=N` ends the response after
/// N events; `?drop=N` ends it after N events and closes the connection, for testing
/// reconnection; `?stop=N` answers `204 No Content` to a request whose `Last-Event-ID` is N or
/// more, which tells a client to stop reconnecting.
struct EventStreamRoutes {
    /// The reconnection delay announced when the query names none, in milliseconds.
    static let defaultRetry = 1000

    /// The clock that paces the events.
    let clock: LiveClock
    /// Where open streams are counted.
    let store: DemoStore

    /// Adds the route to `router`.
    func register(on router: Router<BasicRequestContext>) {
        let clock = self.clock
        let stream = LiveStream(clock: clock, store: store)
        router.get("events") { request, _ in
            let query = QueryParameters(request)
            let retry = try query.int("retry", default: Self.defaultRetry, in: 0...86_400_000)
            let count = try query.optionalInt("count", in: 0...1_000_000)
            let drop = try query.optionalInt("drop", in: 1...1_000_000)
            let firstId = Self.lastEventId(request).map { $0 + 1 } ?? 1
            if let stop = try query.optionalInt("stop", in: 1...1_000_000), firstId > stop {
                return Response(status: .noContent)
            }
            let limit = [count, drop].compactMap { $0 }.min()
            var headers: HTTPFields = [.contentType: ContentType.eventStream, .cacheControl: "no-cache"]
            if drop != nil {
                headers[.connection] = "close"
            }
            let body = stream.body(
                preamble: ServerSentEvent.retry(milliseconds: retry), limit: limit, closesConnection: drop != nil
            ) { index, step in
                let id = firstId + index
                let event = try LiveFeed.event(id: id, step: step, clock: clock).text
                return id.isMultiple(of: 5) ? [ServerSentEvent.keepAlive, event] : [event]
            }
            return Response(status: .ok, headers: headers, body: body)
        }
    }

    /// The id of the request's `Last-Event-ID` header when it is a non-negative integer.
    static func lastEventId(_ request: Request) -> Int? {
        guard let text = request.headers.first(where: { $0.name.canonicalName == "last-event-id" })?.value else {
            return nil
        }
        guard let id = Int(text.trimmingCharacters(in: .whitespaces)), (0..<Int.max / 2).contains(id) else {
            return nil
        }
        return id
    }
}
