import Browser
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Gives freed memory back to the system after a large body was dropped.
///
/// glibc keeps freed pages of its heaps mapped, so resident memory would stay at its peak after
/// a 100 MB body is replaced or wiped; `malloc_trim` returns them. Elsewhere this does nothing.
enum MemoryRelease {
    /// Bodies at least this large trigger a release when dropped.
    static let threshold = 4 * 1024 * 1024

    /// Releases free memory shortly, off the main actor, once the dropped body's last
    /// references (the previous state, a finished search) are gone.
    static func soon() {
        guard let trim else { return }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + 0.3) { _ = trim(0) }
    }

    /// glibc's `malloc_trim`, looked up at run time (Swift's Glibc module does not export it).
    private static let trim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
            guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
            return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
            return nil
        #endif
    }()
}
