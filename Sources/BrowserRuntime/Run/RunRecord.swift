import Foundation
import OrderedJSON
import Workspace

/// What a run remembers of one request's last exchange, for `{{name.response…}}` values and
/// for deciding whether it must run again.
struct RunRecord: Sendable {
    /// The request as sent (placeholders filled).
    var sent: RequestDefinition
    /// The answer.
    var response: RunResponse
    /// When its values stop being fresh; nil for the whole run.
    var expires: ContinuousClock.Instant?

    /// True while its values may be used.
    func isFresh(at now: ContinuousClock.Instant) -> Bool {
        expires.map { now < $0 } ?? true
    }

    /// The value `reference` asks for, nil when the exchange has none.
    func value(of reference: RequestValueReference) -> String? {
        switch (reference.side, reference.part) {
        case (.response, .header(let name)):
            let values = response.headerValues(name)
            return values.isEmpty ? nil : values.joined(separator: ", ")
        case (.request, .header(let name)):
            let values = sent.headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
            return values.isEmpty ? nil : values.joined(separator: ", ")
        case (.response, .body(nil)):
            return response.bodyText
        case (.request, .body(nil)):
            return sent.body
        case (.response, .body(let path?)):
            return try? RunChecker.capture(.jsonPath(path), from: response)
        case (.request, .body(let path?)):
            guard let body = sent.body else { return nil }
            let request = RunResponse(status: 0, headers: [], body: Data(body.utf8), duration: .zero, url: sent.url)
            return try? RunChecker.capture(.jsonPath(path), from: request)
        }
    }
}
