import HTTPCore

/// The HTTP methods Siesta can send: `get`, `post`, `put`, `patch`, `delete`, `head` and
/// `options`, with their wire tokens as raw values. The same type is Squid's `HttpMethod`.
public typealias RequestMethod = HTTPRequestMethod
