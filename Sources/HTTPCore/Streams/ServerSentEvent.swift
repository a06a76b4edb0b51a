/// One event of a `text/event-stream`, as ``ServerSentEventParser`` dispatches it.
///
/// The fields follow what the WHATWG HTML standard's `EventSource` hands to a `MessageEvent`:
/// the event type, the data, and the last event ID in force when the event was dispatched. A
/// `retry` field is not part of an event; the parser keeps it in ``ServerSentEventParser/retry``.
package struct ServerSentEvent: Sendable, Hashable {
    /// The event type: the value of the block's last `event` field, or `"message"` when there
    /// was none (or it was empty).
    package var type: String
    /// The `data` lines of the block joined with line feeds (`"\n"`), without a final line feed.
    package var data: String
    /// The last event ID when the event was dispatched: set by an `id` field of this block or of
    /// an earlier one, and kept until another `id` field changes it. Nil when no ID is in force
    /// (never set, or reset by an empty `id` field).
    package var id: String?

    /// Creates an event.
    package init(type: String = "message", data: String, id: String? = nil) {
        self.type = type
        self.data = data
        self.id = id
    }
}
