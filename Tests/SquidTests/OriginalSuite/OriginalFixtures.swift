import DemoAPI
import Foundation
@preconcurrency import OpenCombine
import Squid
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Services, requests and retriers written the way Squid 1.x's own test suite writes them: a
// Future-returning retrier, a Future async header, `process(_:)`, `shouldCacheResult`. Only the
// URLs differ (the demo server on loopback) and shared state is guarded, as Swift 6 requires of
// a `Sendable` service.

/// An `XCTestExpectation` stand-in: counts fulfilments, awaited with a timeout.
final class Expectation: Sendable {
    private let count = Recorder(0)
    let expectedFulfillmentCount: Int

    init(expectedFulfillmentCount: Int = 1) {
        self.expectedFulfillmentCount = expectedFulfillmentCount
    }

    func fulfill() {
        count.update { $0 += 1 }
    }

    var fulfillments: Int {
        count.value
    }

    /// Waits until fulfilled often enough; records an issue after `timeout` seconds.
    @discardableResult
    func wait(timeout: Double, sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
        await waitUntil("the expectation", timeout: timeout, sourceLocation: sourceLocation) {
            fulfillments >= expectedFulfillmentCount
        }
    }
}

/// The base URL of a demo server, with its scheme, as a Squid 1.x service would name its API.
func apiUrl(_ server: DemoServer) -> String {
    "http://127.0.0.1:\(server.port)"
}

struct MyApi: HttpService {
    let url: String

    var apiUrl: UrlConvertible {
        return url
    }
}

struct My404Api: HttpService {
    var apiUrl: UrlConvertible {
        return "xxx.yyy.zzz.invalid"
    }
}

struct MyRetryingApi: HttpService {
    let url: String

    var apiUrl: UrlConvertible {
        return url
    }

    var retrierFactory: RetrierFactory {
        return BackoffRetrier.factory()
    }
}

struct MyCachingApi: HttpService {
    let url: String
    let hook: ServiceHook = CachingServiceHook()

    var apiUrl: UrlConvertible {
        return url
    }
}

enum MyError: Error {
    case notFound
    case unknown
}

struct ErrorMappingApi: HttpService {
    let url: String

    var apiUrl: UrlConvertible {
        return url
    }

    func mapError(_ error: Squid.Error) -> MyError {
        if case .requestFailed(statusCode: 404, response: _) = error {
            return .notFound
        }
        return .unknown
    }
}

final class MyStore: Sendable {
    private let stored = Recorder("")

    var token: String {
        get { stored.value }
        set { stored.update { $0 = newValue } }
    }
}

struct MyAuthApi: HttpService {
    private let store: MyStore
    let url: String

    init(store: MyStore, url: String) {
        self.store = store
        self.url = url
    }

    var apiUrl: UrlConvertible {
        return url
    }

    var token: String {
        get {
            return self.store.token
        }
        nonmutating set {
            self.store.token = newValue
        }
    }
}

struct MyProtectedApi: HttpService {
    private let auth: MyAuthApi

    init(auth: MyAuthApi) {
        self.auth = auth
    }

    var apiUrl: UrlConvertible {
        return auth.url
    }

    var header: HttpHeader {
        return [.authorization: "Bearer \(self.auth.token)"]
    }

    var retrierFactory: RetrierFactory {
        return AnyRetrierFactory {
            return TokenRetrier(auth: self.auth)
        }
    }
}

struct MyAsyncProtectedApi: HttpService {
    let url: String

    var apiUrl: UrlConvertible {
        return url
    }

    var asyncHeader: Future<HttpHeader, Error> {
        return Future { promise in
            promise(.success([.authorization: "Bearer mytoken"]))
        }
    }
}

struct UserContainer: Decodable, Equatable {
    let id: Int
    let username: String
    let name: String
}

struct UserBag: Encodable, Sendable {
    let username: String
    let name: String
    let email: String
}

struct UsersRequest: JsonRequest {
    typealias Result = [UserContainer]

    var routes: HttpRoute {
        return ["users"]
    }
}

struct NotCachableUsersRequest: JsonRequest {
    typealias Result = [UserContainer]

    var routes: HttpRoute {
        return ["users"]
    }

    var shouldCacheResult: Bool {
        return false
    }
}

struct AuthorizeRequest: Request {
    typealias Result = Void

    var routes: HttpRoute {
        return ["auth"]
    }
}

struct UserCreateRequest: JsonRequest {
    typealias Result = UserContainer

    let user: UserBag

    var method: HttpMethod {
        return .post
    }

    var routes: HttpRoute {
        return ["users"]
    }

    var body: HttpBody {
        return HttpData.Json(user)
    }

    var acceptedStatusCodes: CountableClosedRange<Int> {
        return 201...201
    }
}

struct UserNameRequest: JsonRequest {
    typealias Result = Echo

    let lastname: String

    var routes: HttpRoute {
        return ["echo", "users"]
    }

    var query: HttpQuery {
        return ["lastname": lastname]
    }
}

struct UserImageUploadRequest: JsonRequest {
    typealias Result = Echo

    let userId: Int
    let image: Data

    var method: HttpMethod {
        return .post
    }

    var routes: HttpRoute {
        return ["echo", "users", userId, "image"]
    }

    var body: HttpBody {
        return HttpData.Image(.jpeg, data: image)
    }
}

/// Throttled for 20 s, counted from the first request that reaches the server, as the original's
/// stub (which answered at once) was throttled from the first attempt.
struct ThrottledRequest: Request {
    typealias Result = Void

    let key = UUID().uuidString

    var routes: HttpRoute {
        return ["throttle"]
    }

    var query: HttpQuery {
        return ["key": key, "seconds": 20]
    }
}

struct LoginRequest: JsonRequest {
    typealias Result = Echo

    var method: HttpMethod {
        return .post
    }

    var routes: HttpRoute {
        return ["echo", "login"]
    }

    var header: HttpHeader {
        // This looks ugly, but we want to test the "+" operator
        return [.authorization: "wrong"] + [.acceptLanguage: "en"] + [.authorization: "letmepass"]
    }

    var body: HttpBody {
        return HttpData.Json(["username": "johndoe", "password": "123456"])
    }
}

struct ProcessingUsersRequest: JsonRequest {
    typealias Result = [UserContainer]

    func prepare(_ request: URLRequest) -> URLRequest {
        var request = request
        request.url = request.url?.appendingPathComponent("users")
        return request
    }
}

struct TokenRequest: Request {
    typealias Result = String

    var routes: HttpRoute {
        return ["token"]
    }
}

struct ProtectedRequest: JsonRequest {
    struct Token: Decodable {
        let token: String
    }

    typealias Result = Token

    var routes: HttpRoute {
        return ["auth"]
    }
}

/// A page of `/paged`, in the shape of Squid 1.x's `PaginationContainer`.
struct PaginationContainer: PaginatedData, Decodable {
    struct Item: Decodable, Sendable {
        let id: Int
    }

    let items: [Item]
    let page: Int
    let totalPages: Int

    var data: [Item] {
        items
    }

    var totalPageCount: Int {
        totalPages
    }
}

struct PaginatedUsersRequest: JsonRequest {
    typealias Result = [PaginationContainer.Item]

    var routes: HttpRoute {
        return ["paged"]
    }
}

class TokenRetrier: Retrier {
    private var auth: MyAuthApi
    private var cancellable: Cancellable?

    init(auth: MyAuthApi) {
        self.auth = auth
    }

    func retry<R>(
        _ request: R, failingWith error: Squid.Error
    ) -> Future<Bool, Never> where R: Request {
        return Future { promise in
            switch error {
            case .requestFailed(statusCode: 401, response: _):
                let request = TokenRequest()
                self.cancellable = request.schedule(with: self.auth).sink(
                    receiveCompletion: { completion in
                        switch completion {
                        case .failure:
                            // No need to repeat the request, token could not be fetched
                            promise(.success(false))
                        default:
                            break
                        }
                    },
                    receiveValue: { value in
                        self.auth.token = value
                        // Repeat
                        promise(.success(true))
                    })
            default:
                // No need to retry the request in this case
                promise(.success(false))
            }
        }
    }
}
