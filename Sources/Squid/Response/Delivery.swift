/// What a successful request produces: the decoded value and, unless a hook answered it, the raw
/// HTTP response it was decoded from.
struct Delivery<Value: Sendable>: Sendable {

    /// The decoded result.
    let value: Value

    /// The HTTP response, or `nil` when ``ServiceHook/onSchedule(_:_:)`` supplied the value.
    let httpResponse: HttpResponse?
}
