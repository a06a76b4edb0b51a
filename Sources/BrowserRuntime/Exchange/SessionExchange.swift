import Foundation
import Workspace

/// One exchange of the session log behind the HAR export: the exchange, its bodies when the log
/// kept them, and why a body is missing when it did not.
public struct SessionExchange: Sendable {
    /// The exchange as HTTP had it. Its ``Exchange/body`` is nil when there was no response body
    /// or the log did not keep it (``bodyLeftOut`` says why), its ``Exchange/requestBody`` nil
    /// when the request body was not kept (``requestBodyLeftOut`` says why); the sizes stay.
    public var exchange: Exchange
    /// Why the response body is missing, when there was one (a phrase: `larger than the 1 MiB
    /// the session log keeps of one body`); nil when it is kept or there was none.
    public var bodyLeftOut: String?
    /// Why the request body is missing, when one was sent; nil when it is kept or there was none.
    public var requestBodyLeftOut: String?

    /// Creates a session exchange.
    public init(exchange: Exchange, bodyLeftOut: String? = nil, requestBodyLeftOut: String? = nil) {
        self.exchange = exchange
        self.bodyLeftOut = bodyLeftOut
        self.requestBodyLeftOut = requestBodyLeftOut
    }

}
