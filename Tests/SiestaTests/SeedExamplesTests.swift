import Foundation
import Siesta
import TestSupport
import Testing

/// The examples of the Siesta guides (Requests, Observers, Resource), written as they appear
/// there, run against the demo server.
@MainActor
@Suite("The guides' examples compile and behave as documented")
struct SeedExamplesTests {
    /// The guides' `MyAPI`: a service with a `profile` resource.
    @MainActor
    enum MyAPI {
        static var service: Service?
        static var profile: Resource { service!.resource("/echo/profile") }
    }

    /// A screen observing a resource, as in the Observers guide.
    @MainActor
    final class ProfileScreen: ResourceObserver {
        var name: String?
        var errorText: String?
        var displayedEtag: String?
        var expensiveUpdates = 0

        func resourceChanged(_ resource: Resource, event: ResourceEvent) {
            let json = resource.jsonDict
            name = json["name"] as? String
            errorText = resource.latestError?.userMessage
            if case .newData = event {
                expensiveUpdates += 1
            }
            if displayedEtag != resource.latestData?.etag {
                displayedEtag = resource.latestData?.etag
            }
        }
    }

    @Test("the Requests guide: loads, request forms, hooks, refresh and local mutation")
    func requestsGuide() async throws {
        MyAPI.service = try await TestServer.service()
        let rawData = Data("There once was a server…".utf8)

        MyAPI.profile.loadIfNeeded()
        MyAPI.profile.load()
        MyAPI.profile.invalidate()
        MyAPI.profile.request(.post, json: ["foo": [1, 2, 3]])
        MyAPI.profile.request(.post, urlEncoded: ["foo": "bar"])
        MyAPI.profile.request(.post, text: "Many years later, in front of the terminal...")
        MyAPI.profile.request(.post, data: rawData, contentType: "text/limerick")

        let resource = MyAPI.profile
        var outcomes: [String] = []
        await completion(
            of: resource.load()
                .onSuccess { data in outcomes.append("Wow! Data!") }
                .onFailure { error in outcomes.append("Oh, bummer.") })
        #expect(outcomes == ["Wow! Data!"])

        let newState: [String: Any] = ["name": "Fred"]
        await completion(
            of: resource.request(.put, json: newState).onSuccess {
                _ in resource.load()
            })
        // The guide's reload is not awaited there; its answer would otherwise race the local
        // changes below, which it replaces when it comes later.
        await waitUntil("the reload after the PUT") { !resource.isLoading }
        await completion(
            of: resource.request(.post, json: newState).onSuccess {
                let createdResource = resource.optionalRelative(
                    $0.header(forKey: "Location"))
                #expect(createdResource == nil)
            })
        await completion(
            of: resource.request(.put, json: newState).onSuccess {
                _ in resource.overrideLocalContent(with: newState)
            })
        #expect(resource.jsonDict["name"] as? String == "Fred")
        await completion(
            of: resource.request(.patch, json: ["foo": "bar"]).onSuccess { _ in
                var updatedState = resource.jsonDict
                updatedState["foo"] = "bar"
                resource.overrideLocalContent(with: updatedState)
            })
        #expect(resource.jsonDict["foo"] as? String == "bar")
        #expect(resource.jsonDict["name"] as? String == "Fred")

        await completion(
            of: resource.load(
                using:
                    resource.request(.put, json: newState)
                    .onSuccess { _ in }))
        #expect(resource.jsonDict["method"] as? String == "PUT")
    }

    @Test("the Observers guide: object and closure observers update from the resource")
    func observersGuide() async throws {
        let service = try await TestServer.service()
        let resource = service.resource("/users/1")
        let screen = ProfileScreen()
        resource.addObserver(screen)
        var closureEvents: [ResourceEvent] = []
        resource.addObserver(owner: screen) {
            [weak screen] resource, event in
            closureEvents.append(event)
            _ = screen
        }
        await completion(of: resource.load())
        #expect(screen.name != nil)
        #expect(screen.displayedEtag == resource.latestData?.etag)
        #expect(screen.expensiveUpdates == 1)
        #expect(closureEvents == [.observerAdded, .requested, .newData(.network)])
    }

    @Test("the Resource reference: auth via load(using:), incremental update, params")
    func resourceReference() async throws {
        let service = try await TestServer.service()
        let auth = service.resource("/echo/authentication")
        let user = "fred"
        let pass = "secret"
        auth.load(
            using:
                auth.request(
                    .post, json: ["user": user, "password": pass]))
        await waitUntil("auth loaded") { auth.latestData != nil }
        #expect(auth.jsonDict["method"] as? String == "POST")

        let resource = service.resource("/echo/profile2")
        await completion(of: resource.load())
        await completion(
            of: resource.request(.post, json: ["name": "Fred"])
                .onSuccess {
                    partialEntity in

                    guard resource.latestData != nil else {
                        resource.load()
                        return
                    }
                    var updatedContent = resource.jsonDict
                    updatedContent["name"] = partialEntity.jsonDict["method"]
                    resource.overrideLocalContent(with: updatedContent)
                })
        #expect(resource.jsonDict["name"] as? String == "POST")

        let widgets = service.resource("/widgets")
        #expect(widgets.child("123").child("details").url.path == "/widgets/123/details")
        let href = resource.jsonDict["owner"] as? String
        #expect(resource.optionalRelative(href) == nil)
        #expect(resource.relative("?foo=1&foo=2").url.query == "foo=1&foo=2")
        resource.request(.post) {
            $0.httpBody = Data([1, 2, 3])
            $0.addValue("image/png", forHTTPHeaderField: "Content-Type")
        }
        resource.cancelLoadIfUnobserved(afterDelay: 0.01)
    }
}
