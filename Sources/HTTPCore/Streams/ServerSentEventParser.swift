/// Reads a `text/event-stream` body, fed in pieces of any size as they arrive, into
/// ``ServerSentEvent`` values, following the interpretation rules of the WHATWG HTML standard's
/// "Server-sent events" section.
///
/// - The bytes are UTF-8: an invalid sequence reads as U+FFFD, and one byte order mark at the
///   very start of the stream is dropped.
/// - A line ends with CRLF, LF or CR. A CR that ends one piece and an LF that starts the next
///   are one line end.
/// - A line starting with `:` is a comment. Any other line is `field:value`, with one space after
///   the first colon dropped, or a field name alone (its value is empty). Field names are
///   case-sensitive: `data` adds a line to the event's data, `event` sets its type, `id` sets
///   ``lastEventID`` (unless the value holds a NUL), `retry` sets ``retry`` when the value is
///   only ASCII digits. Other fields are ignored.
/// - An empty line dispatches the event: its data lines joined with line feeds. An event without
///   data is not dispatched, but its type is forgotten all the same.
/// - When the stream ends (``finish()``), an event not yet followed by an empty line is
///   discarded.
///
/// Memory stays bounded by ``maximumEventSize``: a line with more bytes than that, or an event
/// whose data would grow past it, is dropped whole and counted in ``droppedEventCount``. A too
/// long comment line is only ignored. The other fields of a dropped event's block (`id`,
/// `retry`) still count; the too long line itself is ignored whatever its field.
///
/// ```swift
/// var parser = ServerSentEventParser()
/// for try await chunk in body {
///     for event in parser.feed(chunk) { handle(event) }
/// }
/// _ = parser.finish()
/// ```
package struct ServerSentEventParser: Sendable {
    /// The default for ``maximumEventSize``: 8 MiB.
    package static let defaultMaximumEventSize = 8 * 1024 * 1024

    /// The most bytes one line may have, and the most UTF-8 bytes one event's data may have.
    package let maximumEventSize: Int
    /// The standard's last event ID buffer: the value of the latest `id` field, kept from event
    /// to event until another `id` field replaces it. Empty when there is none; a client sends
    /// it as `Last-Event-ID` when it reconnects.
    package private(set) var lastEventID: String
    /// The reconnection time in milliseconds from the latest valid `retry` field, or nil when
    /// none came. A value too large for `Int` is ignored.
    package private(set) var retry: Int?
    /// How many events were dropped for being larger than ``maximumEventSize``.
    package private(set) var droppedEventCount = 0

    private var line: [UInt8] = []
    private var lineIsTooLong = false
    private var afterCarriageReturn = false
    private var atStreamStart = true
    private var data = ""
    private var eventType = ""
    private var isDroppingEvent = false

    /// Creates a parser.
    /// - Parameters:
    ///   - lastEventID: The last event ID to start from, as when resuming a stream.
    ///   - maximumEventSize: The most bytes a line or one event's data may have; at least 1.
    package init(lastEventID: String = "", maximumEventSize: Int = defaultMaximumEventSize) {
        self.lastEventID = lastEventID
        self.maximumEventSize = max(1, maximumEventSize)
    }

    /// Reads the next bytes of the stream and returns the events they complete, in order.
    package mutating func feed(_ bytes: some Collection<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if bytes[index] == Self.lineFeed {
                    index = bytes.index(after: index)
                    continue
                }
            }
            let end =
                bytes[index...].firstIndex { $0 == Self.lineFeed || $0 == Self.carriageReturn } ?? bytes.endIndex
            appendToLine(bytes[index..<end])
            guard end < bytes.endIndex else { break }
            afterCarriageReturn = bytes[end] == Self.carriageReturn
            endLine(into: &events)
            index = bytes.index(after: end)
        }
        return events
    }

    /// Ends the stream: the line and event in progress are discarded, as the standard says, so
    /// the result is always empty. ``lastEventID``, ``retry`` and ``droppedEventCount`` are kept,
    /// and the parser is ready for the next stream (a reconnection), byte order mark included.
    package mutating func finish() -> [ServerSentEvent] {
        line = []
        lineIsTooLong = false
        afterCarriageReturn = false
        atStreamStart = true
        data = ""
        eventType = ""
        isDroppingEvent = false
        return []
    }

    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let colon = UInt8(ascii: ":")
    private static let space = UInt8(ascii: " ")
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    /// Above this capacity the line buffer is released after each line rather than kept.
    private static let retainedLineCapacity = 64 * 1024

    private mutating func appendToLine(_ bytes: some Collection<UInt8>) {
        let room = maximumEventSize - line.count
        let count = bytes.count
        if count > room {
            line.append(contentsOf: bytes.prefix(room))
            lineIsTooLong = true
        } else {
            line.append(contentsOf: bytes)
        }
    }

    private mutating func endLine(into events: inout [ServerSentEvent]) {
        defer {
            if line.capacity > Self.retainedLineCapacity {
                line = []
            } else {
                line.removeAll(keepingCapacity: true)
            }
            lineIsTooLong = false
        }
        var text = line[...]
        if atStreamStart {
            atStreamStart = false
            if text.starts(with: Self.byteOrderMark) { text = text.dropFirst(Self.byteOrderMark.count) }
        }
        if text.first == Self.colon { return }
        if lineIsTooLong {
            dropEvent()
            return
        }
        if text.isEmpty {
            dispatch(into: &events)
            return
        }
        let colon = text.firstIndex(of: Self.colon)
        let name = text[..<(colon ?? text.endIndex)]
        var value = colon.map { text[text.index(after: $0)...] } ?? text[text.endIndex...]
        if value.first == Self.space { value = value.dropFirst() }
        process(name: name, value: value)
    }

    private mutating func process(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>) {
        if name.elementsEqual("data".utf8) {
            guard !isDroppingEvent else { return }
            let text = String(decoding: value, as: UTF8.self)
            guard data.utf8.count + text.utf8.count <= maximumEventSize else {
                dropEvent()
                return
            }
            data += text
            data += "\n"
        } else if name.elementsEqual("event".utf8) {
            eventType = String(decoding: value, as: UTF8.self)
        } else if name.elementsEqual("id".utf8) {
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        } else if name.elementsEqual("retry".utf8) {
            if let milliseconds = Self.digitsValue(value) { retry = milliseconds }
        }
    }

    /// The value of a non-empty run of ASCII digits, or nil for anything else or an overflow.
    private static func digitsValue(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var result = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (times, overflowTimes) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflowTimes, !overflowSum else { return nil }
            result = sum
        }
        return result
    }

    private mutating func dropEvent() {
        isDroppingEvent = true
        data = ""
    }

    private mutating func dispatch(into events: inout [ServerSentEvent]) {
        defer {
            data = ""
            eventType = ""
            isDroppingEvent = false
        }
        if isDroppingEvent {
            droppedEventCount += 1
            return
        }
        guard !data.isEmpty else { return }
        var text = data
        if text.unicodeScalars.last == "\n" { text.unicodeScalars.removeLast() }
        events.append(
            ServerSentEvent(
                type: eventType.isEmpty ? "message" : eventType, data: text, id: lastEventID.isEmpty ? nil : lastEventID
            )
        )
    }
}
