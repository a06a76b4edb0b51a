import DemoAPI
import Foundation
@preconcurrency import OpenCombine
import Squid
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The types of the "Basics" guide, as written there, with the service pointed at the demo
// server (the guide's host is not reachable from tests).

private struct SeedApi: HttpService {
    let host: String

    var apiUrl: UrlConvertible {
        host
    }

    var usesSecureProtocol: Bool {
        false
    }
}

private struct User: Decodable {
    let id: Int
    let username: String
    let name: String
}

private struct UserRequest: JsonRequest {
    typealias Result = [User]

    var routes: HttpRoute {
        ["users"]
    }
}

@Suite("the Basics guide example")
struct SeedExampleTests {

    @Test("UserRequest scheduled with sink decodes the demo users")
    func sinkDeliversUsers() async throws {
        try await withDemoServer { server in
            let service = SeedApi(host: "127.0.0.1:\(server.port)")
            let request = UserRequest()
            let response = request.schedule(with: service)

            let printed = Recorder<[String]>([])
            let c = response.sink(
                receiveCompletion: { completion in
                    switch completion {
                    case .failure(let error):
                        printed.update { $0.append("Request failed due to: \(error)") }
                    case .finished:
                        printed.update { $0.append("Request finished.") }
                    }
                }
            ) { users in
                printed.update { $0.append("Received users: \(users.map(\.username))") }
            }
            let reached = await waitUntil { printed.value.count == 2 }
            #expect(reached)
            c.cancel()

            let lines = printed.value
            #expect(lines.count == 2)
            #expect(lines.first?.hasPrefix("Received users: [") == true)
            #expect(lines.last == "Request finished.")
            #expect(server.requestCount(forPath: "/users") == 1)
        }
    }

    @Test("the same response awaited with async gives ten users with ids 1 to 10")
    func asyncValue() async throws {
        try await withDemoServer { server in
            let response = UserRequest().schedule(with: SeedApi(host: "127.0.0.1:\(server.port)"))
            let users = try await response.value
            #expect(users.map(\.id) == Array(1...10))
            #expect(users.allSatisfy { !$0.username.isEmpty && !$0.name.isEmpty })
        }
    }

    @Test("the guide's scheme-less service URL becomes https with the routes appended")
    func guideServiceBuildsHttpsURL() async throws {
        struct GuideApi: HttpService {
            var apiUrl: UrlConvertible {
                "jsonplaceholder.typicode.com"
            }
        }
        let recorder = URLRecordingHook()
        struct RecordingGuideApi: HttpService {
            let hook: ServiceHook
            var apiUrl: UrlConvertible {
                GuideApi().apiUrl
            }
        }
        // The hook answers the request itself, so nothing leaves the machine.
        let users = try await UserRequest().schedule(with: RecordingGuideApi(hook: recorder)).value
        #expect(users.isEmpty)
        #expect(recorder.urls == ["https://jsonplaceholder.typicode.com/users"])
        #expect(GuideApi().usesSecureProtocol)
    }
}

/// A hook that records the URL of every scheduled request and answers GET requests whose result
/// is an array with an empty array, so that no request is sent.
final class URLRecordingHook: ServiceHook {
    private let recorded = Recorder<[String]>([])

    var urls: [String] {
        recorded.value
    }

    func onSchedule<R: Request>(_ request: R, _ urlRequest: URLRequest) -> R.Result? {
        recorded.update { $0.append(urlRequest.url?.absoluteString ?? "") }
        return [Any]() as? R.Result
    }
}
