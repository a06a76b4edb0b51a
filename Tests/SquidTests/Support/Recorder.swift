import Foundation

/// A value shared between test code and callbacks on other threads, guarded by a lock.
final class Recorder<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        lock.withLock { stored }
    }

    func update<T>(_ change: (inout Value) -> T) -> T {
        lock.withLock { change(&stored) }
    }
}
