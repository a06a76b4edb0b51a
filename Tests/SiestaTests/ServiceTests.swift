import Foundation
import Siesta
import TestSupport
import Testing

@MainActor
@Suite("Service hands out one resource per URL and resolves paths")
struct ServiceTests {
    @Test(
        "baseURL gets a trailing slash and keeps its query",
        arguments: [
            ("http://foo.bar", "http://foo.bar/"),
            ("http://foo.bar/", "http://foo.bar/"),
            ("http://foo.bar/baz", "http://foo.bar/baz/"),
            ("http://foo.bar/baz/", "http://foo.bar/baz/"),
            ("http://foo.bar?you=mysunshine", "http://foo.bar/?you=mysunshine"),
            ("http://foo.bar/baz?you=mysunshine", "http://foo.bar/baz/?you=mysunshine"),
        ])
    func baseURLNormalisation(input: String, expected: String) {
        #expect(Service(baseURL: input).baseURL?.absoluteString == expected)
    }

    @Test("baseURL accepts a URL as well as a String")
    func baseURLAsURL() {
        #expect(
            Service(baseURL: URL(string: "https://frotzle.zing")).baseURL?.absoluteString == "https://frotzle.zing/")
    }

    @Test(
        "resource(_:) appends every path to the base URL, with or without a leading slash",
        arguments: [
            ("https://foo.bar", "", "https://foo.bar/"),
            ("https://foo.bar", "baz", "https://foo.bar/baz"),
            ("https://foo.bar", "baz/fez/", "https://foo.bar/baz/fez/"),
            ("https://foo.bar/v1", "baz/fez", "https://foo.bar/v1/baz/fez"),
            ("https://foo.bar/v1", "./baz", "https://foo.bar/v1/./baz"),
            ("https://foo.bar/v1", "../baz", "https://foo.bar/v1/../baz"),
            ("https://foo.bar/v1", "?foo=bar", "https://foo.bar/v1/%3Ffoo=bar"),
            ("https://foo.bar/v1", "%3F", "https://foo.bar/v1/%253F"),
            ("https://foo.bar/v1", "𝄞", "https://foo.bar/v1/%F0%9D%84%9E"),
            ("https://foo.bar/?a=b&x=y", "baz/fez/", "https://foo.bar/baz/fez/?a=b&x=y"),
            ("https://foo.bar/v1?a=b&x=y", "baz", "https://foo.bar/v1/baz?a=b&x=y"),
        ])
    func pathExpansion(base: String, path: String, expected: String) {
        let service = Service(baseURL: base)
        #expect(service.resource(path).url.absoluteString == expected)
        #expect(service.resource("/" + path).url.absoluteString == expected)
    }

    @Test("resource(_:) does not interpret // or scheme-like paths")
    func noSpecialInterpretation() {
        let service = Service(baseURL: "https://foo.bar/v1")
        #expect(service.resource("//other.host").url.absoluteString == "https://foo.bar/v1//other.host")
        #expect(service.resource("http://other.host").url.absoluteString == "https://foo.bar/v1/http://other.host")
    }

    @Test("resource(baseURL:path:) ignores the service's base URL")
    func explicitBaseURL() {
        let service = Service(baseURL: "https://zingle.frotz")
        #expect(
            service.resource(baseURL: URL(string: "http://fraz.bot/"), path: "/bar").url.absoluteString
                == "http://fraz.bot/bar")
        #expect(service.resource(baseURL: "http://fraz.bot", path: "bar").url.absoluteString == "http://fraz.bot/bar")
        #expect(
            service.resource(baseURL: "http://alpha.beta/gamma", path: "../delta?upsilon&omega").url.absoluteString
                == "http://alpha.beta/gamma/../delta%3Fupsilon&omega")
    }

    @Test("resource(absoluteURL:) takes the URL as it is")
    func absoluteURL() {
        let service = Service(baseURL: "https://zingle.frotz")
        #expect(service.resource(absoluteURL: "http://foo.com/bar").url.absoluteString == "http://foo.com/bar")
        #expect(
            service.resource(absoluteURL: URL(string: "http://foo.com/bar")).url.absoluteString == "http://foo.com/bar")
        #expect(service.resource(absoluteURL: "./foo").url.absoluteString == "./foo")
    }

    @Test("invalid URLs give resources whose loads fail at once, without a network request")
    func invalidResources() async {
        let service = Service(baseURL: "https://zingle.frotz")
        let bare = Service()
        for resource in [
            service.resource(absoluteURL: "http://[URL syntax error]"), service.resource(absoluteURL: nil as String?),
            service.resource(absoluteURL: "\0"), bare.resource("foo"),
        ] {
            let request = resource.load()
            #expect(request.state == .completed)
            let failure = error(of: await completion(of: request))
            #expect(failure?.cause is RequestError.Cause.InvalidRequestURL)
            #expect(resource.latestError != nil)
        }
        #expect(bare.baseURL == nil)
        #expect(Service(baseURL: "\0").baseURL == nil)
    }

    @Test("the same URL always gives the same instance, however it was reached")
    func uniqueness() {
        let service = Service(baseURL: "https://zingle.frotz")
        #expect(service.resource("/foo") === service.resource("/foo"))
        #expect(
            service.resource("/foo").child("oogle").child("baz").relative("../bar") === service.resource("/foo/bar"))
        #expect(service.resource("/foo").service === service)
    }

    @Test("flushUnusedResources releases resources nobody holds and keeps the rest")
    func flushUnused() {
        let service = Service(baseURL: "https://zingle.frotz")
        let retained = service.resource("/retained")
        weak let unretained = service.resource("/unretained")
        #expect(unretained != nil)
        service.flushUnusedResources()
        #expect(unretained == nil)
        #expect(service.resource("/retained") === retained)
    }

    @Test("exceeding cachedResourceCountLimit releases unused resources")
    func countLimit() {
        let service = Service(baseURL: "https://zingle.frotz")
        service.cachedResourceCountLimit = 10
        let retained = service.resource("/retained")
        weak let unretained = service.resource("/unretained")
        for index in 0..<9 {
            _ = service.resource("/\(index)")
        }
        #expect(unretained == nil)
        #expect(service.resource("/retained") === retained)
    }

    @Test("resources with observers survive a flush even when nobody else holds them")
    func observedSurviveFlush() {
        let service = Service(baseURL: "https://zingle.frotz")
        let owner = NSObject()
        weak let observed = service.resource("/observed").addObserver(owner: owner) { _, _ in }
        service.flushUnusedResources()
        #expect(observed != nil)
        #expect(service.cachedResources.contains { $0 === observed })
    }

    @Test("global configuration applies to every resource; defaults pass through")
    func globalConfiguration() {
        let service = Service(baseURL: "https://zingle.frotz")
        service.configure { $0.expirationTime = 17 }
        #expect(service.resource("/a").configuration.expirationTime == 17)
        #expect(service.resource("/b").configuration.expirationTime == 17)
        #expect(service.resource("/b").configuration.retryTime == 1)
        #expect(service.resource("/b").configuration.progressReportingInterval == 0.05)
    }

    @Test("configuration for one resource, a predicate, or some methods applies only there")
    func scopedConfiguration() {
        let service = Service(baseURL: "https://zingle.frotz")
        let foo = service.resource("/foo")
        let bar = service.resource("/bar")
        service.configure(foo) { $0.expirationTime = 17 }
        let endsInBar: @MainActor (URL) -> Bool = { $0.absoluteString.hasSuffix("bar") }
        service.configure(whenURLMatches: endsInBar) { $0.retryTime = 9 }
        service.configure(requestMethods: [.post]) { $0.expirationTime = 19 }
        #expect(foo.configuration.expirationTime == 17)
        #expect(bar.configuration.expirationTime == 30)
        #expect(bar.configuration.retryTime == 9)
        #expect(foo.configuration.retryTime == 1)
        #expect(bar.configuration(for: .post).expirationTime == 19)
        #expect(bar.configuration(for: .put).expirationTime == 30)
    }

    @Test("later configuration wins, and invalidateConfiguration recomputes")
    func configurationOrderAndInvalidation() {
        let service = Service(baseURL: "https://zingle.frotz")
        let resource = service.resource("/foo")
        #expect(resource.configuration.expirationTime == 30)
        service.configure { $0.expirationTime = 17 }
        #expect(resource.configuration.expirationTime == 17)
        service.configure("*oo") { $0.expirationTime = 16 }
        #expect(resource.configuration.expirationTime == 16)

        let value = ValueBox(3)
        service.configure("/foo") { $0.expirationTime = value.value }
        #expect(resource.configuration.expirationTime == 3)
        value.value = 4
        #expect(resource.configuration.expirationTime == 3)
        service.invalidateConfiguration()
        #expect(resource.configuration.expirationTime == 4)
    }

    @Test("configuration is not computed while only navigating between resources")
    func lazyConfiguration() {
        let service = Service(baseURL: "https://zingle.frotz")
        var calls = 0
        service.configure { _ in calls += 1 }
        _ = service.resource("/").child("foo/baz").relative("../bar").withParam("x", "y")
        #expect(calls == 0)
        _ = service.resource("/foo").configuration
        #expect(calls == 1)
        _ = service.resource("/foo").configuration
        #expect(calls == 1)
    }

    @Test("wipeResources wipes all, one resource, a pattern, or a predicate")
    func wipeResources() {
        let service = Service(baseURL: "https://zingle.frotz")
        let foo = service.resource("/foo")
        let bar = service.resource("/bar")
        func fill() {
            foo.overrideLocalData(with: Entity<Any>(content: "foo content", contentType: "text/plain"))
            bar.overrideLocalData(with: Entity<Any>(content: "bar content", contentType: "text/plain"))
        }
        fill()
        service.wipeResources()
        #expect(foo.latestData == nil && bar.latestData == nil)
        fill()
        service.wipeResources(matching: foo)
        #expect(foo.latestData == nil && bar.latestData != nil)
        fill()
        service.wipeResources(matching: "/*o*")
        #expect(foo.latestData == nil && bar.latestData != nil)
        fill()
        service.wipeResources { $0 === bar }
        #expect(foo.latestData != nil && bar.latestData == nil)
    }
}

/// A mutable value shared with a configuration closure.
@MainActor
private final class ValueBox {
    var value: TimeInterval
    init(_ value: TimeInterval) { self.value = value }
}
