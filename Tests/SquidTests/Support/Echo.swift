import Foundation
import Squid

/// The demo server's description of a request it received on `/echo`.
struct Echo: Decodable, Sendable {
    let method: String
    let path: String
    let query: [String: String]
    let headers: [String: String]
    let body: String?
    let bodyBase64: String
    let bodyLength: Int

    var bodyData: Data {
        Data(base64Encoded: bodyBase64) ?? Data()
    }
}

/// A configurable request to `/echo`.
struct EchoRequest: JsonRequest {
    typealias Result = Echo

    var method: HttpMethod = .get
    var routes: HttpRoute = ["echo"]
    var query: HttpQuery = [:]
    var header: HttpHeader = [:]
    var body: HttpBody = HttpData.Empty()
    var timeout: TimeInterval?
}
