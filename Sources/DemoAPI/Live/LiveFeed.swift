/// What the streaming routes send for one step: the Server-Sent Event of `/events` and the line
/// of `/live/ndjson`. Both report the live state at that step (the counter, order 7, the list).
enum LiveFeed {
    /// The event with `id`, reporting the state at `step`.
    ///
    /// The type follows the id: ids 1, 4, 7, … are `tick` events with the counter, ids 2, 5, 8,
    /// … are `order` events with the summary of order 7, and ids 3, 6, 9, … have no `event:` line
    /// (so clients see `message`) and carry their JSON object over two `data:` lines, which
    /// joined with a line feed form one JSON text.
    static func event(id: Int, step: Int, clock: LiveClock) throws -> ServerSentEvent {
        let at = clock.timestamp(ofStep: step)
        switch id % 3 {
        case 1:
            let data = JSONValue.object(["count": .int(step), "at": .string(at)])
            return ServerSentEvent(id: id, type: "tick", dataLines: [try JSONCoding.encodeLine(data)])
        case 2:
            let order = LiveOrder(id: 7, step: step, clock: clock)?.summaryJSON ?? .null
            return ServerSentEvent(id: id, type: "order", dataLines: [try JSONCoding.encodeLine(order)])
        default:
            return ServerSentEvent(
                id: id,
                type: nil,
                dataLines: [
                    #"{"event":\#(id),"text":"this message has two data lines","#,
                    #""count":\#(step),"at":"\#(at)"}"#,
                ]
            )
        }
    }

    /// Line number `sequence` (from 1) of the NDJSON stream, reporting the state at `step`:
    /// `{"seq", "count", "at", "order", "listCount"}` on one line, without the line feed.
    static func line(sequence: Int, step: Int, clock: LiveClock) throws -> String {
        let order = LiveOrder(id: 7, step: step, clock: clock)
        return try JSONCoding.encodeLine(
            JSONValue.object([
                "seq": .int(sequence),
                "count": .int(step),
                "at": .string(clock.timestamp(ofStep: step)),
                "order": .string(order?.status.rawValue ?? ""),
                "listCount": .int(LiveList(step: step, clock: clock).ids.count),
            ]))
    }
}
