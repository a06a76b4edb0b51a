import Foundation
import Squid

/// `GET /counter`: `{"count": N}`.
struct CounterRequest: JsonRequest {
    struct Count: Decodable, Sendable, Equatable {
        let count: Int
    }

    typealias Result = Count

    var routes: HttpRoute {
        ["counter"]
    }
}

/// `GET /slow?delay=MS`: `{"slept": MS}` after MS milliseconds.
struct SlowRequest: JsonRequest {
    struct Slept: Decodable, Sendable, Equatable {
        let slept: Int
    }

    typealias Result = Slept

    let delay: Int
    var timeout: TimeInterval?

    var routes: HttpRoute {
        ["slow"]
    }

    var query: HttpQuery {
        ["delay": delay]
    }
}

/// A GET of any path, decoded as text.
struct TextRequest: Request {
    typealias Result = String

    let routes: HttpRoute
    var query: HttpQuery = [:]
}
