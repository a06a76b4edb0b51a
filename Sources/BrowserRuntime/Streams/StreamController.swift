import Browser
import Foundation
import HTTPCore

/// The streams the browser reads, one per URL: a stream handed over by the transport replaces
/// the one its URL had (a reload reconnects), and `c` stops it.
@MainActor
final class StreamController {
    /// Receives every new snapshot of every stream.
    var onChange: @MainActor (StreamSnapshot) -> Void = { _ in }
    private var sessions: [String: StreamSession] = [:]

    /// Starts showing `stream` for its request's URL.
    func opened(_ stream: HTTPStream) {
        guard let url = stream.request.url?.absoluteString else {
            stream.cancel()
            return
        }
        sessions[url]?.stop()
        let session = StreamSession(url: url, stream: stream)
        session.onChange = { [weak self] snapshot in self?.onChange(snapshot) }
        sessions[url] = session
        onChange(session.snapshot)
    }

    /// Stops the stream of `url`; false when it has none that is live.
    func stop(_ url: String) -> Bool {
        guard let session = sessions[url], session.isLive else { return false }
        session.stop()
        return true
    }

    /// True when `url` has a stream that reads or will reconnect.
    func isLive(_ url: String) -> Bool { sessions[url]?.isLive ?? false }

    /// Stops every stream (on quit).
    func stopAll() {
        for session in sessions.values { session.stop() }
    }
}
