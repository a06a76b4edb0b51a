/// Where a plain HTTP/1.1 connection goes: a host (without the brackets of an IPv6 address) and
/// a port. ``HTTP1Pool`` keeps its connections by origin and reuses one only for the origin it
/// was made for.
struct HTTP1Origin: Hashable, Sendable {
    /// The host name or address, as the URL names it, without brackets.
    var host: String
    /// The TCP port.
    var port: Int
}
