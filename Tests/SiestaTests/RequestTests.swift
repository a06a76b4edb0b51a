import Foundation
import Siesta
import TestSupport
import Testing

@MainActor
@Suite("request(...): bodies, hooks, cancellation, chaining")
struct RequestTests {
    @Test("request() never touches resource state or observers")
    func requestLeavesResourceAlone() async throws {
        let service = try await TestServer.service()
        let resource = service.resource(TestServer.uniquePath())
        let recorder = EventRecorder()
        resource.addObserver(recorder)
        let request = resource.request(.post, json: ["foo": [1, 2, 3]])
        #expect(resource.isRequesting)
        #expect(!resource.isLoading)
        let info = await completion(of: request)
        #expect(entity(of: info)?.jsonDict["method"] as? String == "POST")
        #expect(resource.latestData == nil)
        #expect(resource.latestError == nil)
        #expect(recorder.events == ["observerAdded"])
        #expect(!resource.isRequesting)
    }

    @Test("JSON bodies, literals included, arrive as JSON with the JSON content type")
    func jsonBody() async throws {
        let service = try await TestServer.service()
        let resource = service.resource(TestServer.uniquePath())
        let echoed = entity(of: await completion(of: resource.request(.post, json: ["name": "Fred", "age": 3])))
        #expect(echoed?.jsonDict["body"] as? String == #"{"age":3,"name":"Fred"}"#)
        let headers = echoed?.jsonDict["headers"] as? [String: Any]
        #expect(headers?["content-type"] as? String == "application/json")
        let array = entity(of: await completion(of: resource.request(.put, json: [1, "two", 3.5])))
        #expect(array?.jsonDict["body"] as? String == #"[1,"two",3.5]"#)
        #expect(array?.jsonDict["method"] as? String == "PUT")
    }

    @Test("URL-encoded, text and raw bodies arrive intact")
    func otherBodies() async throws {
        let service = try await TestServer.service()
        let resource = service.resource(TestServer.uniquePath())
        let form = entity(of: await completion(of: resource.request(.post, urlEncoded: ["z": "ü &=", "a": "b"])))
        #expect(form?.jsonDict["body"] as? String == "a=b&z=%C3%BC%20%26%3D")
        #expect(
            (form?.jsonDict["headers"] as? [String: Any])?["content-type"] as? String
                == "application/x-www-form-urlencoded")

        let text = entity(
            of: await completion(of: resource.request(.patch, text: "Many years later, in front of the terminal…")))
        #expect(text?.jsonDict["body"] as? String == "Many years later, in front of the terminal…")
        #expect(
            (text?.jsonDict["headers"] as? [String: Any])?["content-type"] as? String == "text/plain; charset=utf-8")

        let raw = entity(
            of: await completion(of: resource.request(.post, data: Data([0, 1, 2, 255]), contentType: "text/limerick")))
        #expect(raw?.jsonDict["bodyBase64"] as? String == "AAEC/w==")
        #expect((raw?.jsonDict["headers"] as? [String: Any])?["content-type"] as? String == "text/limerick")
    }

    @Test("requestMutation and configured headers and mutations shape the request")
    func mutations() async throws {
        let service = try await TestServer.service()
        let path = TestServer.uniquePath()
        service.configure(path) {
            $0.headers["X-Configured"] = "yes"
            $0.mutateRequests { $0.setValue("configured", forHTTPHeaderField: "X-Order") }
        }
        let resource = service.resource(path)
        let info = await completion(
            of: resource.request(.delete) { $0.setValue("ad hoc", forHTTPHeaderField: "X-Order") })
        let headers = entity(of: info)?.jsonDict["headers"] as? [String: Any]
        #expect(headers?["x-configured"] as? String == "yes")
        #expect(headers?["x-order"] as? String == "configured")
        #expect(entity(of: info)?.jsonDict["method"] as? String == "DELETE")
    }

    @Test("a body that cannot be encoded fails at once without touching the network")
    func unencodableBodies() async throws {
        let server = try await TestServer.shared()
        let service = try await TestServer.service()
        let path = TestServer.uniquePath()
        let resource = service.resource(path)

        struct NotJSON {}
        let badJSON = resource.request(.post, json: ["thing": NotJSON()])
        #expect(badJSON.state == .completed)
        #expect(error(of: await completion(of: badJSON))?.cause is RequestError.Cause.InvalidJSONObject)

        let badText = resource.request(.post, text: "snowman ☃", encoding: .ascii)
        let textError = error(of: await completion(of: badText))
        #expect(textError?.cause is RequestError.Cause.UnencodableText)
        #expect(textError?.userMessage.isEmpty == false)

        #expect(server.requestCount(forPath: path) == 0)
        #expect(!resource.isRequesting)
    }

    @Test("each hook fires at most once, in order; one added after completion runs on a later turn")
    func hooksFireOnce() async throws {
        let service = try await TestServer.service()
        let request = service.resource("/users/1").request(.get)
        var calls: [String] = []
        request
            .onCompletion { _ in calls.append("completion") }
            .onSuccess { _ in calls.append("success") }
            .onNewData { _ in calls.append("newData") }
            .onNotModified { calls.append("notModified") }
            .onFailure { _ in calls.append("failure") }
        await completion(of: request)
        #expect(calls == ["completion", "success", "newData"])
        request.cancel()
        #expect(calls == ["completion", "success", "newData"])
        request.onSuccess { _ in calls.append("late success") }.onFailure { _ in calls.append("late failure") }
        var lateProgress: [Double] = []
        request.onProgress { lateProgress.append($0) }
        // As in Siesta, not inside the call that adds them: the caller finishes first.
        #expect(calls == ["completion", "success", "newData"])
        #expect(lateProgress.isEmpty)
        await waitUntil("the late hooks") { calls.count == 4 && lateProgress.count == 1 }
        #expect(calls == ["completion", "success", "newData", "late success"])
        #expect(lateProgress == [1])
    }

    @Test("failure hooks get the server's status and parsed error body")
    func failureHooks() async throws {
        let service = try await TestServer.service()
        var received: RequestError?
        await completion(of: service.resource("/errors/404").request(.get).onFailure { received = $0 })
        let failure = try #require(received)
        #expect(failure.httpStatusCode == 404)
        #expect(failure.userMessage == "Not found")
        #expect(failure.entity?.jsonDict["status"] as? Int == 404)
    }

    @Test("hard-wired and failed requests complete at once without the network; their hooks run on a later turn")
    func hardWired() async throws {
        let entity = Entity<Any>(content: "hi", contentType: "text/plain")
        var text: String?
        Resource.hardWiredRequest(returning: .success(entity)).onSuccess { text = $0.text }
        #expect(text == nil)
        await waitUntil("the success hook") { text != nil }
        #expect(text == "hi")
        var message: String?
        let failed = Resource.failedRequest(
            returning: RequestError(userMessage: "Nope", cause: RequestError.Cause.NoLocalDataFor304()))
        #expect(failed.state == .completed)
        failed.onFailure { message = $0.userMessage }
        await waitUntil("the failure hook") { message != nil }
        #expect(message == "Nope")
    }

    @Test("a decorator that substitutes a chain unused by it: load() returns in progress, fails, sends nothing")
    func decoratorChainUnused() async throws {
        struct Dummy: Error {}
        let service = try await TestServer.service()
        let path = TestServer.uniquePath()
        service.configure(path) {
            $0.decorateRequests { _, _ in
                Resource.failedRequest(returning: RequestError(userMessage: "dummy", cause: Dummy()))
                    .chained { _ in .useThisResponse }
            }
        }
        let load = service.resource(path).load()
        // Siesta's RequestSpec "does not run the original request if it is unused by a chain".
        #expect(load.state == .inProgress)
        var failure: RequestError?
        load.onFailure { failure = $0 }
        await waitUntil("the failure") { failure != nil }
        #expect(failure?.userMessage == "dummy")
        #expect(try await TestServer.shared().requestCount(forPath: path) == 0)
    }

    @Test(
        "a completed request given to load(using:) ends the load on a later turn, after requested"
    )
    func chainOnCompletedRequest() async throws {
        let service = try await TestServer.service()
        let resource = service.resource("/users/1")
        let entity = Entity<Any>(content: "local", contentType: "text/plain")
        var events: [String] = []
        let owner = NSObject()
        resource.addObserver(owner: owner) { _, event in events.append("\(event)") }
        // A decorator that substitutes a hard-wired request: the load never goes to the network.
        let substitute = Resource.hardWiredRequest(returning: .success(entity))
        let load = resource.load(using: substitute)
        #expect(events.last == "requested")
        #expect(resource.isLoading, "the completed request's outcome arrives on a later turn")
        await waitUntil("its outcome") { !resource.isLoading }
        #expect(events.last == "newData(network)")
        #expect(resource.text == "local")
        #expect(load.state == .completed)
        withExtendedLifetime(owner) {}
    }

    @Test("repeated() sends the request again with freshly computed configuration")
    func repeated() async throws {
        let server = try await TestServer.shared()
        let service = try await TestServer.service()
        let path = TestServer.uniquePath()
        let token = TokenBox("one")
        service.configure(path) { $0.headers["Authorization"] = "Bearer \(token.value)" }
        let resource = service.resource(path)
        let first = await completion(of: resource.request(.get))
        #expect((entity(of: first)?.jsonDict["headers"] as? [String: Any])?["authorization"] as? String == "Bearer one")
        token.value = "two"
        service.invalidateConfiguration()
        let again = resource.request(.get)
        await completion(of: again)
        let third = await completion(of: again.repeated().start())
        #expect((entity(of: third)?.jsonDict["headers"] as? [String: Any])?["authorization"] as? String == "Bearer two")
        #expect(server.requestCount(forPath: path) == 3)
    }

    @Test("chained() can pass to another request, substitute a response, or keep its own")
    func chained() async throws {
        let service = try await TestServer.service()
        let failing = service.resource("/errors/401")
        let fallback = service.resource("/users/5")
        let passed = failing.request(.get).chained { info in
            if case .failure(let error) = info.response, error.httpStatusCode == 401 {
                return .passTo(fallback.request(.get))
            }
            return .useThisResponse
        }
        #expect(entity(of: await completion(of: passed))?.jsonDict["id"] as? Int == 5)

        let substituted = failing.request(.get).chained { _ in
            .useResponse(ResponseInfo(response: .success(Entity<Any>(content: "stand-in", contentType: "text/plain"))))
        }
        #expect(entity(of: await completion(of: substituted))?.text == "stand-in")

        let kept = fallback.request(.get).chained { _ in .useThisResponse }
        #expect(entity(of: await completion(of: kept))?.jsonDict["id"] as? Int == 5)
    }

    @Test("a decorator can replace every request, e.g. to retry after refreshing a token")
    func decorators() async throws {
        let service = try await TestServer.service()
        var token: String?
        service.configure("/auth") {
            if let token { $0.headers["Authorization"] = "Bearer \(token)" }
            $0.decorateRequests { _, request in
                request.chained { info in
                    guard case .failure(let error) = info.response, error.httpStatusCode == 401 else {
                        return .useThisResponse
                    }
                    token = "fresh"
                    service.invalidateConfiguration()
                    return .passTo(request.repeated())
                }
            }
        }
        let auth = service.resource("/auth")
        let info = await completion(of: auth.load())
        #expect(error(of: info) == nil)
        #expect(auth.jsonDict["token"] as? String == "fresh")
    }

    @Test("cancelling a chain cancels the request it waits on")
    func cancelChain() async throws {
        let service = try await TestServer.service()
        let slow = service.resource("/slow").withParam("delay", "2000").request(.get)
        let chain = slow.chained { _ in .useThisResponse }
        chain.cancel()
        #expect(slow.state == .completed)
        #expect(error(of: await completion(of: chain))?.cause is RequestError.Cause.RequestCancelled)
    }
}

/// A token shared with configuration closures.
@MainActor
private final class TokenBox {
    var value: String
    init(_ value: String) { self.value = value }
}
