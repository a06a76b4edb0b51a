import Browser
import Foundation
import HTTPCore

/// Reads one stream (Server-Sent Events or line-delimited JSON) and keeps what the browser shows
/// of it: bytes are parsed off the main actor, the events' text is kept here (the newest
/// ``maximumEvents`` within ``maximumTextBytes``), and ``onChange`` gets a new
/// ``StreamSnapshot`` at most every ``flushInterval``.
///
/// Server-Sent Events reconnect as the standard says: when the connection ends or drops, after
/// the server's `retry:` delay (``defaultRetry`` until it sends one), with `Last-Event-ID` when
/// an event had an id. A reconnection answered with 204 ends the stream; one answered with
/// another status or type fails it. Line-delimited JSON is read once. ``stop()`` ends either.
@MainActor
final class StreamSession {
    /// The reconnection delay before the server names one, in milliseconds.
    static let defaultRetry = 3000
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
    /// True when the stream reconnects: Server-Sent Events asked for with GET (a stream that
    /// answered a POST is read once, never sent again).
    let reconnects: Bool
    /// The shortest reconnection delay, whatever the server says, in milliseconds.
    static let minimumRetry = 250
    /// The longest delay after failed reconnections, in milliseconds.
    static let maximumBackoff = 30_000
    /// Receives every new snapshot.
    var onChange: @MainActor (StreamSnapshot) -> Void = { _ in }

    private var stream: HTTPStream?
    private var pieces: [String] = []
    private var firstPiece = 0
    private var textBytes = 0
    private var eventCount = 0
    private var droppedCount = 0
    private var parserDropped = 0
    private var lastEventID = ""
    private var retry = StreamSession.defaultRetry
    private var reconnectCount = 0
    private var phase: StreamSnapshot.Phase = .open
    private var readTask: Task<Void, Never>?
    private var reconnectTask: Task<Void, Never>?
    private var reconnectTransfer: HTTPTransfer?
    private var flushScheduled = false
    private var failedReconnections = 0

    /// Starts reading `stream`.
    init(url: String, stream: HTTPStream) {
        self.url = url
        isEventStream = stream.kind != .lineDelimitedJSON
        let method = (stream.request.httpMethod ?? "GET").uppercased()
        reconnects = isEventStream && method == "GET"
        read(stream)
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
        stream?.cancel()
        readTask?.cancel()
        reconnectTask?.cancel()
        reconnectTransfer?.cancel()
        onChange(snapshot)
    }

    private var isLiveNow: Bool {
        switch phase {
        case .open, .connecting, .reconnecting: return true
        case .ended, .stopped, .failed: return false
        }
    }

    private func read(_ stream: HTTPStream) {
        self.stream = stream
        phase = .open
        let isEventStream = isEventStream
        let startID = lastEventID
        let startNumber = eventCount
        readTask = Task.detached { [weak self] in
            var parser = ServerSentEventParser(lastEventID: startID)
            var splitter = LineSplitter()
            var number = startNumber
            for await chunk in stream.chunks {
                switch chunk {
                case .bytes(let data):
                    let time = Date().timeIntervalSince1970
                    var texts: [String] = []
                    if isEventStream {
                        for event in parser.feed(data) {
                            number += 1
                            texts.append(
                                StreamEventText.event(
                                    number: number, type: event.type, id: event.id, data: event.data, time: time))
                        }
                    } else {
                        for line in splitter.feed(data) where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                            number += 1
                            texts.append(StreamEventText.line(number: number, text: line, time: time))
                        }
                    }
                    await self?.received(
                        texts, lastEventID: parser.lastEventID, retry: parser.retry, dropped: parser.droppedEventCount)
                case .end(let failure):
                    var texts: [String] = []
                    if !isEventStream {
                        let time = Date().timeIntervalSince1970
                        for line in splitter.finish() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                            number += 1
                            texts.append(StreamEventText.line(number: number, text: line, time: time))
                        }
                    }
                    await self?.received(
                        texts, lastEventID: parser.lastEventID, retry: parser.retry, dropped: parser.droppedEventCount)
                    await self?.ended(failure)
                    return
                }
            }
        }
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

    private func ended(_ failure: HTTPFailure?) {
        guard isLiveNow else { return }
        let reason = failure.map { "connection lost: " + ExchangeRecorder.sentence(for: $0) } ?? "the server ended it"
        guard reconnects else {
            phase = failure == nil ? .ended(reason) : .failed(reason)
            onChange(snapshot)
            return
        }
        failedReconnections = 0
        scheduleReconnect(reason: reason)
    }

    private func scheduleReconnect(reason: String) {
        // At least the floor; doubled after each failed reconnection, up to the ceiling.
        var delay = max(retry, Self.minimumRetry)
        for _ in 0..<min(failedReconnections, 8) { delay = min(delay * 2, Self.maximumBackoff) }
        phase = .reconnecting(at: Date().timeIntervalSince1970 + Double(delay) / 1000, reason: reason)
        onChange(snapshot)
        reconnectTask = Task { [weak self] in
            do {
                try await Task.sleep(for: .milliseconds(delay))
            } catch {
                return
            }
            self?.reconnect()
        }
    }

    private func reconnect() {
        guard isLiveNow, let previous = stream else { return }
        phase = .connecting
        onChange(snapshot)
        var fields = [HTTPHeaderField(name: "Accept", value: "text/event-stream")]
        if !lastEventID.isEmpty { fields.append(HTTPHeaderField(name: "Last-Event-ID", value: lastEventID)) }
        reconnectTransfer = previous.reopen(adding: fields) { [weak self] result in
            Task { @MainActor [weak self] in self?.reconnected(result) }
        }
        if reconnectTransfer == nil, isLiveNow {
            phase = .failed("the browser is closing: no reconnection")
            onChange(snapshot)
        }
    }

    private func reconnected(_ result: Result<HTTPStream, HTTPFailure>) {
        reconnectTransfer = nil
        guard isLiveNow else {
            if case .success(let stream) = result { stream.cancel() }
            return
        }
        switch result {
        case .failure(let failure):
            guard isLiveNow else { return }
            failedReconnections += 1
            scheduleReconnect(reason: "reconnection failed: " + ExchangeRecorder.sentence(for: failure))
        case .success(let next):
            let status = next.response.statusCode
            if status == 204 {
                next.cancel()
                phase = .ended("the server answered 204 No Content: no more events")
                onChange(snapshot)
            } else if status != 200 || next.kind != .eventStream {
                next.cancel()
                let type =
                    next.response.headerFields.first { $0.name.lowercased() == "content-type" }?.value ?? "no type"
                phase = .failed("the reconnection got HTTP \(status) (\(type)), not an event stream")
                onChange(snapshot)
            } else {
                reconnectCount += 1
                read(next)
                onChange(snapshot)
            }
        }
    }
}
