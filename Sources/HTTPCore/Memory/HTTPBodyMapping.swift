import Foundation

#if canImport(Glibc)
    import CMalloc
    import Glibc
#endif

/// A large response body in an anonymous memory mapping of its own.
///
/// The mapping is made at the size the response announced (or grows by doubling, moved by the
/// kernel without copying), and it is handed back to the system with `munmap` the moment the
/// body is dropped: when the transfer is cancelled or fails, or when the last `Data` made by
/// ``takeData()`` is released. The C allocator never holds these bytes, so its thresholds and
/// arenas (glibc keeps freed heap memory, and raises its mapping threshold after every large
/// block freed) do not decide when a big body's memory returns.
///
/// Not thread-safe by itself: the exchange touches it under its own lock only.
final class HTTPBodyMapping: @unchecked Sendable {
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    /// The bytes written so far.
    private(set) var count = 0
    private var isTaken = false

    /// Maps room for `capacity` bytes (rounded up to whole pages); nil when the system refuses.
    init?(capacity: Int) {
        let length = Self.pageRounded(max(capacity, 1))
        guard let base = Self.map(length) else { return nil }
        self.base = base
        self.capacity = length
    }

    deinit {
        munmap(base, capacity)
    }

    /// Appends `bytes`, growing the mapping when they do not fit; false when it cannot grow.
    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count > 0 else { return true }
        if count + bytes.count > capacity {
            guard grow(toAtLeast: count + bytes.count) else { return false }
        }
        (base + count).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        count += bytes.count
        return true
    }

    /// Whether `more` bytes do not fit without growing.
    func needsToGrow(for more: Int) -> Bool {
        count + more > capacity
    }

    /// A new mapping of at least `capacity` bytes holding a copy of these; nil when the system
    /// refuses.
    func copy(capacity: Int) -> HTTPBodyMapping? {
        guard let copy = HTTPBodyMapping(capacity: max(capacity, count)) else { return nil }
        _ = withUnsafeBytes { copy.append($0) }
        return copy
    }

    /// A view of the bytes written so far; it keeps this mapping, and the caller must not move
    /// it while the view exists (see ``HTTPBodyCollector``).
    func received() -> HTTPReceivedBody {
        HTTPReceivedBody(mapping: self, base: UnsafeRawPointer(base), count: count)
    }

    /// Calls `body` with the bytes written so far.
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// The bytes as `Data`, which keeps the mapping until it is released: unused whole pages at
    /// its end are returned first, and releasing the `Data` unmaps the rest. Taken once.
    func takeData() -> Data {
        precondition(!isTaken, "the body was taken already")
        isTaken = true
        #if os(Linux)
            let needed = Self.pageRounded(max(count, 1))
            if needed < capacity, let shrunk = hammock_mremap(base, capacity, needed, 0), shrunk != MAP_FAILED {
                capacity = needed
            }
        #endif
        return Data(bytesNoCopy: base, count: count, deallocator: .custom { _, _ in withExtendedLifetime(self) {} })
    }

    private func grow(toAtLeast needed: Int) -> Bool {
        let length = Self.pageRounded(max(needed, capacity * 2))
        #if os(Linux)
            guard let moved = hammock_mremap(base, capacity, length, 1), moved != MAP_FAILED else {
                return false
            }
            base = moved
        #else
            guard let moved = Self.map(length) else { return false }
            moved.copyMemory(from: base, byteCount: count)
            munmap(base, capacity)
            base = moved
        #endif
        capacity = length
        return true
    }

    private static func map(_ length: Int) -> UnsafeMutableRawPointer? {
        guard let pointer = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            pointer != MAP_FAILED
        else { return nil }
        return pointer
    }

    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    private static func pageRounded(_ count: Int) -> Int {
        (count + pageSize - 1) / pageSize * pageSize
    }
}
