/// Why the redirects of an exchange were not followed to the end: the underlying error of an
/// ``HTTPFailure`` of kind ``HTTPFailure/Kind/protocolViolation``.
package struct HTTPRedirectFailure: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong.
    package enum Reason: Sendable, Equatable {
        /// The next request would repeat one already made in this exchange (same method, URL and
        /// cookies), so following would never end.
        case cycle
        /// More redirects than the limit, which is given.
        case tooMany(limit: Int)
    }

    /// What went wrong.
    package var reason: Reason
    /// The URL the last redirect pointed to.
    package var url: String
    /// How to raise the limit, added to the sentence of ``Reason/tooMany(limit:)``.
    package var advice: String?

    /// Creates the failure.
    package init(reason: Reason, url: String, advice: String? = nil) {
        self.reason = reason
        self.url = url
        self.advice = advice
    }

    /// The sentence shown to the user.
    package var description: String {
        switch reason {
        case .cycle:
            return "The server redirected in a loop: \(url) was already requested in this exchange"
        case .tooMany(let limit):
            let times = limit == 1 ? "once" : "\(limit) times"
            let sentence = "The server redirected more than \(times); the last redirect pointed to \(url)"
            return advice.map { "\(sentence). \($0)" } ?? sentence
        }
    }
}
