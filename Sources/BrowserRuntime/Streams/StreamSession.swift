import Browser
import Foundation
import HTTPCore

/// Reads one stream (Server-Sent Events or line-delimited JSON) and keeps what the browser shows
/// of it: bytes are parsed off the main actor, the events' text is kept here (the newest
/// ``maximumEvents`` within ``maximumTextBytes``), and ``onChange`` gets a new
/// ``StreamSnapshot`` at most every ``flushInterval``.
///
/// Server-Sent Events are read by the HTTP core's ``HTTPEventSource``, which reconnects as the
/// standard says (the server's `retry:` delay, `Last-Event-ID`, 204 ends it); only those asked
/// for with GET reconnect (a stream that answered a POST is read once). Line-delimited JSON is
/// read once. ``stop()`` ends either.
@MainActor
final class StreamSession {
    /// The most events whose text is kept.
    static let maximumEvents = 2000
    /// The most text kept, in bytes.
    static let maximumTextBytes = 4 * 1024 * 1024
    /// How often the shown text is rebuilt at most.
    static let flushInterval = Duration.milliseconds(50)

    /// The resource's URL.
    let url: String
    /// True for Server-Sent Events, false for line-delimited JSON.
    let isEventStream: Bool
    /// Receives every new snapshot.
    var onChange: @MainActor (StreamSnapshot) -> Void = { _ in }

    private var stream: HTTPStream?
    private var source: HTTPEventSource?
    private var pieces: [String] = []
    private var firstPiece = 0
    private var textBytes = 0
    private var eventCount = 0
    private var droppedCount = 0
    private var parserDropped = 0
    private var lastEventID = ""
    private var retry = HTTPEventSource.defaultRetry
    private var reconnectCount = 0
    private var phase: StreamSnapshot.Phase = .open
    private var readTask: Task<Void, Never>?
    private var flushScheduled = false

    /// Starts reading `stream`.
    init(url: String, stream: HTTPStream) {
        self.url = url
        self.stream = stream
        isEventStream = stream.kind != .lineDelimitedJSON
        if isEventStream {
            let method = (stream.request.httpMethod ?? "GET").uppercased()
            let source = HTTPEventSource(stream: stream, reconnects: method == "GET")
            self.source = source
            follow(source)
        } else {
            readLines(stream)
        }
    }

    /// The snapshot now.
    var snapshot: StreamSnapshot {
        let text = pieces[firstPiece...].joined()
        return StreamSnapshot(
            url: url, kindName: isEventStream ? "Server-Sent Events" : "NDJSON", phase: phase, eventCount: eventCount,
            droppedCount: droppedCount + parserDropped, lastEventID: lastEventID, retry: retry,
            reconnectCount: reconnectCount,
            body: text.isEmpty ? .empty("no event yet") : .text(TextDocument(text)))
    }

    /// True while it reads or will reconnect.
    var isLive: Bool { isLiveNow }

    /// Stops reading and any reconnection; the events so far stay.
    func stop() {
        guard isLiveNow else { return }
        phase = .stopped
        source?.stop()
        stream?.cancel()
        readTask?.cancel()
        onChange(snapshot)
    }

    private var isLiveNow: Bool {
        switch phase {
        case .open, .connecting, .reconnecting: return true
        case .ended, .stopped, .failed: return false
        }
    }

    /// Follows the event source's updates: events become text off the main actor, the rest
    /// changes the phase.
    private func follow(_ source: HTTPEventSource) {
        let startNumber = eventCount
        readTask = Task.detached { [weak self] in
            var number = startNumber
            for await update in source.updates {
                switch update {
                case .events(let events, let lastEventID, let retry, let dropped):
                    let time = Date().timeIntervalSince1970
                    let texts = events.map { event -> String in
                        number += 1
                        return StreamEventText.event(
                            number: number, type: event.type, id: event.id, data: event.data, time: time)
                    }
                    await self?.received(texts, lastEventID: lastEventID, retry: retry, dropped: dropped)
                case .reconnecting(let time, let reason):
                    await self?.changed(to: .reconnecting(at: time, reason: reason))
                case .connecting:
                    await self?.changed(to: .connecting)
                case .reconnected(let count):
                    await self?.reconnected(count)
                case .ended(let reason):
                    await self?.changed(to: .ended(reason))
                case .failed(let reason):
                    await self?.changed(to: .failed(reason))
                }
            }
        }
    }

    /// Reads line-delimited JSON once.
    private func readLines(_ stream: HTTPStream) {
        let startNumber = eventCount
        readTask = Task.detached { [weak self] in
            var splitter = LineSplitter()
            var number = startNumber
            func texts(_ lines: [String]) -> [String] {
                let time = Date().timeIntervalSince1970
                return lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { line in
                    number += 1
                    return StreamEventText.line(number: number, text: line, time: time)
                }
            }
            for await chunk in stream.chunks {
                switch chunk {
                case .bytes(let data):
                    await self?.received(texts(splitter.feed(data)), lastEventID: "", retry: nil, dropped: 0)
                case .end(let failure):
                    await self?.received(texts(splitter.finish()), lastEventID: "", retry: nil, dropped: 0)
                    let reason = failure.map { "connection lost: " + $0.summary } ?? "the server ended it"
                    await self?.changed(to: failure == nil ? .ended(reason) : .failed(reason))
                    return
                }
            }
        }
    }

    private func changed(to next: StreamSnapshot.Phase) {
        guard isLiveNow else { return }
        phase = next
        onChange(snapshot)
    }

    private func reconnected(_ count: Int) {
        guard isLiveNow else { return }
        reconnectCount = count
        phase = .open
        onChange(snapshot)
    }

    private func received(_ texts: [String], lastEventID: String, retry: Int?, dropped: Int) {
        guard isLiveNow else { return }
        self.lastEventID = lastEventID
        if let retry { self.retry = retry }
        parserDropped = dropped
        for text in texts {
            pieces.append(text)
            textBytes += text.utf8.count
            eventCount += 1
        }
        while pieces.count - firstPiece > Self.maximumEvents || textBytes > Self.maximumTextBytes,
            firstPiece < pieces.count - 1
        {
            textBytes -= pieces[firstPiece].utf8.count
            firstPiece += 1
            droppedCount += 1
        }
        if firstPiece > 4096 {
            pieces.removeFirst(firstPiece)
            firstPiece = 0
        }
        scheduleFlush()
    }

    private func scheduleFlush() {
        guard !flushScheduled else { return }
        flushScheduled = true
        Task { [weak self] in
            try? await Task.sleep(for: StreamSession.flushInterval)
            guard let self else { return }
            self.flushScheduled = false
            self.onChange(self.snapshot)
        }
    }
}
