import Foundation

/// Reads a response body while it arrives, beside the transport collecting it: to index a large
/// JSON body, say, so that little is left to do when its last byte comes.
///
/// An ``HTTPExchangeMonitor`` whose ``HTTPExchangeMonitor/readsBodies`` is true is asked for a
/// reader for each final response head (``HTTPExchangeMonitor/bodyReader(for:)``). The calls
/// come one after another, in order, on the connection's thread, while the exchange holds its
/// lock: a reader must be quick, and must not call back into the transfer. What it is given
/// stays valid after the call, on any thread, so the reading itself may go on elsewhere.
package protocol HTTPBodyReader: AnyObject, Sendable {
    /// All the body's bytes so far, from its first, after a part arrived. Bytes already given
    /// do not change.
    func bodyGrew(_ received: HTTPReceivedBody)
    /// The whole body, once it ended and before the exchange completes.
    func bodyEnded(_ body: Data)
    /// The exchange failed, was cancelled or timed out before the body ended: no more calls
    /// come, and the reader should let go of what it was given.
    func bodyAbandoned()
}
