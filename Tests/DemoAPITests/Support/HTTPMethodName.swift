import NIOHTTP1

/// The methods the echo tests loop over, with the name the server should report.
enum HTTPMethodName: String {
    case get = "GET"
    case put = "PUT"
    case patch = "PATCH"
    case delete = "DELETE"

    var method: HTTPMethod { HTTPMethod(rawValue: rawValue) }
}
