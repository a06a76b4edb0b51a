/// Why a URL cannot be requested: the underlying error of an ``HTTPFailure`` of kind
/// ``HTTPFailure/Kind/invalidURL`` raised before anything is sent.
package struct HTTPInvalidURL: Error, CustomStringConvertible, Sendable {
    /// The URL as given, or nil when the request had none.
    package var url: String?
    /// What is wrong with it: `no URL`, `no scheme`, `unsupported scheme ftp`, `no host`.
    package var problem: String

    /// Creates the error.
    package init(url: String?, problem: String) {
        self.url = url
        self.problem = problem
    }

    /// `unsupported scheme ftp: ftp://host/a`, or the problem alone without a URL.
    package var description: String {
        url.map { "\(problem): \($0)" } ?? problem
    }
}
