import HTTPCore

/// The HTTP method of a ``Request``.
///
/// The raw value is the method token sent on the wire (`"GET"`, `"POST"`, …). Requests default to
/// `get`. `get` and `head` requests must not carry a body (scheduling one fails with
/// ``Squid/Error/invalidRequest(message:)``). The same type is Siesta's `RequestMethod`.
public typealias HttpMethod = HTTPRequestMethod
