/// A value moved across a concurrency boundary that its type does not declare safe, where the
/// library guarantees a single user at a time.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
