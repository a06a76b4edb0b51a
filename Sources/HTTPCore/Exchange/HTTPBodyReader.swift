import Foundation

/// Reads a response body while it arrives, beside the transport collecting it: to index a large
/// JSON body, say, so that little is left to do when its last byte comes.
///
/// An ``HTTPExchangeMonitor`` whose ``HTTPExchangeMonitor/readsBodies`` is true is asked for a
/// reader for each final response head (``HTTPExchangeMonitor/bodyReader(for:)``). The calls
/// come one after another, in order, on the connection's thread, while the exchange holds its
/// lock: a reader must be quick, and must not call back into the transfer.
package protocol HTTPBodyReader: AnyObject, Sendable {
    /// All the body's bytes so far, from its first, after a part arrived. The bytes are valid
    /// during the call only, and may be elsewhere at the next one; those already given do not
    /// change.
    func bodyGrew(_ received: UnsafeRawBufferPointer)
    /// The whole body, once it ended and before the exchange completes. Not called when the
    /// exchange fails or is cancelled.
    func bodyEnded(_ body: Data)
}
