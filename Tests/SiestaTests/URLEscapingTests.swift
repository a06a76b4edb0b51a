import Foundation
import Siesta
import TestSupport
import Testing

@MainActor
@Suite("resource(absoluteURL:): escaping what a URL cannot hold, once; invalid URLs named")
struct URLEscapingTests {
    @Test(
        "existing escapes are kept; spaces, non-ASCII characters and brackets are escaped once",
        arguments: [
            ("/target/x?w=a%20b&x=[1]", "/target/x?w=a%20b&x=%5B1%5D"),
            ("/target/caf%C3%A9?q=ü", "/target/caf%C3%A9?q=%C3%BC"),
            ("/target/a b/é?q=100%", "/target/a%20b/%C3%A9?q=100%25"),
            ("/target/p%2Fq?a=1&b=%2f&c=x:y@z", "/target/p%2Fq?a=1&b=%2f&c=x:y@z"),
            ("/target/x?a=\"q\"&b={c}|d", "/target/x?a=%22q%22&b=%7Bc%7D%7Cd"),
        ])
    func escapedOnce(suffix: String, expected: String) async throws {
        let server = try await TestServer.shared()
        let service = try await TestServer.service()
        let origin = server.baseURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let resource = service.resource(absoluteURL: origin + suffix)
        #expect(resource.url.absoluteString == origin + expected)
        let received = entity(of: await completion(of: resource.request(.get)))
        #expect(received?.jsonDict["target"] as? String == expected)
    }

    @Test("a fragment is kept and a second # is escaped; the host part is left alone")
    func fragmentsAndHosts() {
        let service = Service()
        #expect(
            service.resource(absoluteURL: "http://x.test/a b#frag ment#2").url.absoluteString
                == "http://x.test/a%20b#frag%20ment%232")
        #expect(
            service.resource(absoluteURL: "http://[::1]:8080/a[b]").url.absoluteString == "http://[::1]:8080/a%5Bb%5D")
        #expect(service.resource(absoluteURL: "./a b").url.absoluteString == "./a%20b")
    }

    @Test("the same text always gives the same instance, and so does its escaped form")
    func sameInstance() {
        let service = Service(baseURL: "http://x.test/api")
        let raw = service.resource(absoluteURL: "http://x.test/api/caf%C3%A9?q=ü")
        #expect(service.resource(absoluteURL: "http://x.test/api/caf%C3%A9?q=ü") === raw)
        #expect(service.resource(absoluteURL: "http://x.test/api/caf%C3%A9?q=%C3%BC") === raw)
        #expect(service.resource("/items") === service.resource("items"))
        #expect(service.resource("/items") === service.resource(absoluteURL: "http://x.test/api/items"))
    }

    @Test("a base URL keeps its escapes too")
    func baseURLEscapes() {
        let service = Service(baseURL: "http://x.test/caf%C3%A9 bar")
        #expect(service.baseURL?.absoluteString == "http://x.test/caf%C3%A9%20bar/")
        #expect(service.resource("/x").url.absoluteString == "http://x.test/caf%C3%A9%20bar/x")
    }

    @Test("an invalid URL's requests fail with a message naming its text")
    func invalidURLMessage() async {
        let service = Service(baseURL: "http://x.test")
        let invalid = service.resource(absoluteURL: "http://[zz")
        let failure = error(of: await completion(of: invalid.request(.get)))
        #expect(failure?.userMessage == "Invalid URL: http://[zz")
        #expect((failure?.cause as? RequestError.Cause.InvalidRequestURL)?.urlSource == "http://[zz")

        let missing = error(of: await completion(of: service.resource(absoluteURL: nil as URL?).load()))
        #expect(missing?.userMessage == "Invalid URL")
        #expect((missing?.cause as? RequestError.Cause.InvalidRequestURL)?.urlSource == nil)

        let noBase = error(of: await completion(of: Service().resource("/users").request(.get)))
        #expect(noBase?.userMessage == "Invalid URL: /users")

        let badLink = service.resource("/a").relative("http://[zz")
        let linkFailure = error(of: await completion(of: badLink.load()))
        #expect(linkFailure?.userMessage == "Invalid URL: http://[zz")
        #expect(badLink.child("more") === badLink)
    }
}
