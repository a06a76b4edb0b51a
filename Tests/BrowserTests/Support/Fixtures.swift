import DemoAPI
import Foundation
import Siesta
import TUICore
import TestSupport
import Testing

@testable import Browser
@testable import BrowserRuntime

/// Builds states and snapshots for view and update tests.
enum Fixtures {
    static let base = "http://127.0.0.1:9/"

    /// A browser on a 150×45 screen for a real server, its transport recording statuses.
    @MainActor
    static func resourceBrowser(on server: DemoServer) -> ResourceBrowser {
        let recorder = ExchangeRecorder()
        let service = Service(baseURL: server.baseURL, networking: recorder.provider())
        let state = BrowserState(width: 150, height: 45, serviceBaseURL: server.baseURL.absoluteString)
        return ResourceBrowser(service: service, state: state, exchangeRecorder: recorder)
    }

    static func jsonSnapshot(_ url: String, _ json: String, now: Double = 1000) -> ResourceSnapshot {
        let data = EntitySnapshot(
            contentType: "application/json; charset=utf-8", byteCount: json.utf8.count, etag: "\"abc\"",
            timestamp: now - 3, headers: [:], body: .from(content: Data(json.utf8), contentType: "application/json"))
        return ResourceSnapshot(
            url: url, latestData: data, isUpToDate: true, timestamp: now - 3, expirationTime: 30)
    }

    static func textSnapshot(_ url: String, _ text: String, now: Double = 1000) -> ResourceSnapshot {
        let data = EntitySnapshot(
            contentType: "text/plain", byteCount: text.utf8.count, etag: nil, timestamp: now, headers: [:],
            body: .from(content: text, contentType: "text/plain"))
        return ResourceSnapshot(url: url, latestData: data, isUpToDate: true, timestamp: now)
    }

    /// A state at `size` showing `snapshot` as the current resource.
    static func state(
        width: Int = 150, height: Int = 45, showing snapshot: ResourceSnapshot? = nil, headers: [(String, String)] = []
    ) -> BrowserState {
        var state = BrowserState(
            width: width, height: height, serviceBaseURL: base, configuredHeaders: headers, now: 1000)
        if let snapshot {
            _ = state.update(.navigated(url: snapshot.url))
            _ = state.update(.resourceChanged(snapshot, event: .newData(.network)))
        }
        return state
    }

    /// Presses `keys` one after the other, as the runtime does: each reads the frame the state
    /// before it draws.
    static func keys(_ state: inout BrowserState, _ keys: [Key]) -> [Command] {
        var commands: [Command] = []
        for key in keys {
            state.frame = BrowserView.frameContext(of: state)
            commands += state.update(.key(key))
        }
        return commands
    }

    /// Types `text`, a key a character.
    static func type(_ state: inout BrowserState, _ text: String) {
        _ = keys(&state, text.map { .character($0) })
    }

    /// Types `text` into a browser, a key a character.
    @MainActor
    static func type(_ browser: ResourceBrowser, _ text: String) {
        for character in text { browser.dispatch(.key(.character(character))) }
    }

    /// Waits until the open form has its response and returns the form (nil, with an issue
    /// recorded, when the form closed).
    @MainActor
    static func formWithResponse(
        _ browser: ResourceBrowser, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> RequestForm? {
        await waitUntil("the form's response", sourceLocation: sourceLocation) {
            guard let form = browser.state.topLayer as? RequestForm else { return false }
            return form.response != nil
        }
        guard let form = browser.state.topLayer as? RequestForm else {
            Issue.record("the form closed", sourceLocation: sourceLocation)
            return nil
        }
        return form
    }

    /// The JSON body of the open form's response, once it arrived (nil, with an issue recorded,
    /// when there is none).
    @MainActor
    static func jsonResponse(
        of browser: ResourceBrowser, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> (form: RequestForm, outline: JSONOutline)? {
        guard let form = await formWithResponse(browser, sourceLocation: sourceLocation) else { return nil }
        guard case .json(let outline)? = form.response?.body else {
            Issue.record("expected the response as JSON", sourceLocation: sourceLocation)
            return nil
        }
        return (form, outline)
    }
}
