import Browser
import Foundation
import OrderedJSON
import Siesta

/// The request hooks the browser logs: each request's `onSuccess`, `onNotModified` and
/// `onFailure` become Events lines with the HTTP status of the exchange that answered it, and
/// a form's request reports its outcome to the form.
extension ResourceBrowser {
    /// What is known just before `loadIfNeeded()` is called on a resource: whether it was loading,
    /// and how many responses to a GET of it had arrived. Taken before the call, since an answer
    /// on loopback can arrive before the call returns.
    struct BeforeLoading {
        var wasLoading: Bool
        var responses: Int?
    }

    func beforeLoading(_ resource: Resource) -> BeforeLoading {
        BeforeLoading(
            wasLoading: resource.isLoading,
            responses: exchangeRecorder?.responseCount(method: .get, url: resource.url.absoluteString))
    }

    /// Adds the hooks that log a request's outcome. `before` (for `loadIfNeeded()`) tells a
    /// fresh cache hit, which sends nothing, from a request that went out.
    func attachHooks(
        _ request: (any Request)?, to resource: Resource, method: RequestMethod, reportsToForm: Bool = false,
        before: BeforeLoading? = nil
    ) {
        guard let request else { return }
        let url = resource.url.absoluteString
        // A request() raises no resource event when it ends, yet isRequesting changes.
        request.onCompletion { [weak self, weak resource] _ in
            guard let self, let resource else { return }
            self.resourceListIsStale = true
            self.dispatch(.resourceChanged(self.snapshotter.snapshot(of: resource, rebuildBody: false), event: nil))
        }
        // Only a loadIfNeeded() whose resource was not loading before it can be a fresh cache hit
        // (a load in flight, even one whose response has arrived but is still in the pipeline,
        // keeps isLoading true). For it, a response counted since just before the call answers
        // the request and none means nothing was sent, so no status is shown rather than an
        // older one.
        let mayBeCacheHit = method == .get && before.map { !$0.wasLoading } ?? false
        let responsesBefore = before?.responses
        let statusOfThisRequest: @MainActor () -> Int? = { [exchangeRecorder] in
            guard let exchangeRecorder else { return nil }
            if mayBeCacheHit, exchangeRecorder.responseCount(method: method, url: url) == responsesBefore {
                return nil
            }
            return exchangeRecorder.lastStatus(method: method, url: url)
        }
        // Siesta reports fresh cached data through onSuccess and onNotModified, with no request sent.
        let cacheHit = "no request sent: the cached data is fresh"
        request.onSuccess { [weak self] entity in
            let status = statusOfThisRequest()
            let detail = status == nil && mayBeCacheHit && responsesBefore != nil ? cacheHit : ""
            self?.dispatch(.requestHook(.onSuccess, url: url, method: method, status: status, detail: detail))
            if reportsToForm {
                let response = FormResponse(
                    succeeded: true, method: method, url: url, status: status, headers: entity.headers,
                    contentType: ResourceSnapshotter.mediaType(of: entity),
                    body: BodyContent.from(
                        content: entity.content, contentType: ResourceSnapshotter.mediaType(of: entity)))
                self?.dispatch(
                    .formFinished(.succeeded(status: status, body: Self.text(of: entity.content)), response: response))
                self?.schemaChecks.check(
                    method: method.rawValue.uppercased(), url: url, status: status ?? 200,
                    contentType: response.contentType, body: response.body)
            }
        }
        request.onNotModified { [weak self] in
            let status = statusOfThisRequest()
            let detail = status == nil && mayBeCacheHit && responsesBefore != nil ? cacheHit : ""
            self?.dispatch(.requestHook(.onNotModified, url: url, method: method, status: status, detail: detail))
        }
        request.onFailure { [weak self] error in
            self?.dispatch(
                .requestHook(
                    .onFailure, url: url, method: method, status: error.httpStatusCode, detail: error.userMessage))
            if reportsToForm {
                let mediaType = error.entity.map { ResourceSnapshotter.mediaType(of: $0) } ?? ""
                let body = error.entity.map { BodyContent.from(content: $0.content, contentType: mediaType) }
                let response = FormResponse(
                    succeeded: false, method: method, url: url, status: error.httpStatusCode,
                    message: error.userMessage, headers: error.entity?.headers ?? [:],
                    contentType: mediaType, body: body ?? .empty("no response body"))
                if let status = error.httpStatusCode {
                    self?.schemaChecks.check(
                        method: method.rawValue.uppercased(), url: url, status: status, contentType: mediaType,
                        body: response.body)
                }
                self?.dispatch(
                    .formFinished(
                        .failed(
                            status: error.httpStatusCode, message: error.userMessage,
                            body: error.entity.map { Self.text(of: $0.content) }),
                        response: response))
            }
        }
    }

    private static func text(of content: Any) -> String {
        if let document = content as? JSONDocument {
            let range = document.valueRange(document.root)
            return document.withBytes { bytes in
                String(
                    decoding: UnsafeRawBufferPointer(
                        rebasing: bytes[range.clamped(to: range.lowerBound..<(range.lowerBound + 4096))]), as: UTF8.self
                )
            }
        }
        if let text = content as? String { return text }
        if let data = content as? Data { return String(decoding: data.prefix(4096), as: UTF8.self) }
        return String(describing: content)
    }
}
