import Browser
import Foundation
import HTTPCore

/// Owns the WebSocket connection of the console: connects, sends, closes and cancels as
/// ``WebSocketCommand``s ask, and reports what happens as ``WebSocketConsoleEvent``s with the
/// connection's generation. Events are read and messages laid out (JSON pretty-printed, hex
/// previews) off the main actor; only the finished messages reach it.
@MainActor
final class WebSocketController {
    /// Receives every event, with the generation of the connection it is about.
    var onEvent: @MainActor (Int, WebSocketConsoleEvent) -> Void = { _, _ in }
    /// How connections are made (headers, TLS, pings).
    var settings = WebSocketSettings()

    private var connection: WebSocketConnection?
    private var generation = 0
    private var readTask: Task<Void, Never>?

    /// Carries out `command`.
    func perform(_ command: WebSocketCommand) {
        switch command {
        case .connect(let url, let generation):
            connect(url, generation: generation)
        case .send(let text, let generation):
            guard generation == self.generation, let connection else {
                onEvent(generation, .sendFailed("the connection is gone: r connects again"))
                return
            }
            let time = Date().timeIntervalSince1970
            Task.detached { [weak self] in
                do {
                    try await connection.send(.text(text))
                    let message = WebSocketMessageText.message(text: text, direction: .sent, time: time)
                    await self?.report(generation, .message(message))
                } catch {
                    await self?.report(generation, .sendFailed("\(error)"))
                }
            }
        case .close(let generation):
            guard generation == self.generation else { return }
            connection?.close(code: 1000)
        case .disconnect:
            disconnect()
        }
    }

    /// Ends the connection at once, if there is one.
    func disconnect() {
        connection?.cancel()
        connection = nil
        readTask?.cancel()
        readTask = nil
    }

    private func connect(_ url: String, generation: Int) {
        disconnect()
        self.generation = generation
        guard let parsed = URL(string: url) else {
            onEvent(generation, .failed("not a URL: \(url)"))
            return
        }
        let connection = WebSocketConnection(url: parsed, settings: settings)
        self.connection = connection
        readTask = Task.detached { [weak self] in
            for await event in connection.events {
                let news: WebSocketConsoleEvent
                switch event {
                case .opened:
                    news = .opened
                case .received(let payload):
                    news = .message(Self.message(payload, time: Date().timeIntervalSince1970))
                case .closed(let closure):
                    news = .closed(closure.summary)
                case .failed(let failure):
                    news = .failed(failure.message)
                }
                await self?.report(generation, news)
            }
        }
    }

    private func report(_ generation: Int, _ event: WebSocketConsoleEvent) {
        onEvent(generation, event)
    }

    /// A received payload as the console shows it.
    private nonisolated static func message(_ payload: WebSocketPayload, time: Double) -> WebSocketMessage {
        switch payload {
        case .text(let text): return WebSocketMessageText.message(text: text, direction: .received, time: time)
        case .binary(let data): return WebSocketMessageText.message(binary: data, direction: .received, time: time)
        }
    }
}
