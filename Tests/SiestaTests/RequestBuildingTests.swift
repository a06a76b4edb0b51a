import Foundation
import Siesta
import TestSupport
import Testing

@MainActor
@Suite("request(...): which configuration shapes a request, and form bodies")
struct RequestBuildingTests {
    @Test("a request mutation that changes the method gets the new method's mutators and decorators")
    func configurationOfFinalMethod() async throws {
        let service = try await TestServer.service()
        let path = TestServer.uniquePath()
        var decorated: [String] = []
        service.configure(path, requestMethods: [.post]) {
            $0.mutateRequests { $0.setValue("post", forHTTPHeaderField: "X-Configured-For") }
            $0.decorateRequests { _, request in
                decorated.append("post")
                return request
            }
        }
        service.configure(path, requestMethods: [.get]) {
            $0.mutateRequests { $0.setValue("get", forHTTPHeaderField: "X-Configured-For") }
            $0.decorateRequests { _, request in
                decorated.append("get")
                return request
            }
        }
        var adHocRuns = 0
        let request = service.resource(path).request(.get) {
            adHocRuns += 1
            $0.httpMethod = "POST"
        }
        let echoed = entity(of: await completion(of: request))
        #expect(echoed?.jsonDict["method"] as? String == "POST")
        #expect((echoed?.jsonDict["headers"] as? [String: Any])?["x-configured-for"] as? String == "post")
        #expect(decorated == ["post"])
        #expect(adHocRuns == 1)

        let repeated = entity(of: await completion(of: request.repeated().start()))
        #expect((repeated?.jsonDict["headers"] as? [String: Any])?["x-configured-for"] as? String == "post")
        #expect(adHocRuns == 2)
    }

    @Test("form bodies sort the escaped pairs, not the raw keys")
    func formPairsSortedAfterEscaping() async throws {
        let service = try await TestServer.service()
        let resource = service.resource(TestServer.uniquePath())
        let dash = entity(of: await completion(of: resource.request(.post, urlEncoded: ["a": "2", "a-": "1"])))
        #expect(dash?.jsonDict["body"] as? String == "a-=1&a=2")
        let accented = entity(of: await completion(of: resource.request(.post, urlEncoded: ["a~": "2", "aé": "1"])))
        #expect(accented?.jsonDict["body"] as? String == "a%C3%A9=1&a~=2")
    }
}
