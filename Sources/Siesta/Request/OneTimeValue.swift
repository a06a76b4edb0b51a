/// A value that can be taken once; later takes give `nil`.
@MainActor
final class OneTimeValue<Value> {
    private var value: Value?

    init(_ value: Value) {
        self.value = value
    }

    /// The value the first time, `nil` afterwards.
    func take() -> Value? {
        defer { value = nil }
        return value
    }
}
