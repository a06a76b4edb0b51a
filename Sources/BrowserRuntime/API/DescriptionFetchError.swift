/// Why a description could not be fetched.
enum DescriptionFetchError: Error, CustomStringConvertible {
    case tooLarge(String)
    case noTransport(String)
    case failed(String, String)
    case status(String, Int)
    case localReference(String)
    case notAFile(String)

    var description: String {
        switch self {
        case .tooLarge(let path): return "\(path) is larger than 64 MiB"
        case .noTransport(let url): return "\(url) cannot be fetched here"
        case .failed(let url, let reason): return "\(url): \(reason)"
        case .status(let url, let status): return "\(url) answered \(status)"
        case .localReference(let path): return "a description read over HTTP cannot refer to the local file \(path)"
        case .notAFile(let path): return "\(path) is not a regular file"
        }
    }
}
