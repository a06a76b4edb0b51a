import Browser
import Foundation

/// One exchange of the session log behind the HAR export: its record, the response body when
/// the log kept it, and why a body is missing when it did not.
public struct SessionExchange: Sendable {
    /// The exchange as HTTP had it; its `requestBody` is nil when the request body was not kept.
    public var record: ExchangeRecord
    /// The response body, when kept.
    public var body: Data?
    /// Why the response body is missing, when there was one (a phrase: `larger than the 1 MiB
    /// the session log keeps of one body`); nil when it is kept or there was none.
    public var bodyLeftOut: String?
    /// Why the request body is missing, when one was sent; nil when it is kept or there was none.
    public var requestBodyLeftOut: String?

    /// Creates a session exchange.
    public init(
        record: ExchangeRecord, body: Data?, bodyLeftOut: String? = nil, requestBodyLeftOut: String? = nil
    ) {
        self.record = record
        self.body = body
        self.bodyLeftOut = bodyLeftOut
        self.requestBodyLeftOut = requestBodyLeftOut
    }
}
