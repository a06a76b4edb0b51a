import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
    import CMalloc
#endif

/// Hands the memory that the C allocator keeps back to the system, for a program that chooses
/// to (the browser, after it drops a large document).
///
/// A large body's own bytes live in a mapping of their own (``HTTPBodyMapping``) and return when
/// dropped. What is made from them (decoded text, parsed JSON, models) comes from the C
/// allocator, and glibc keeps freed heap pages. ``soon()`` asks glibc to return its free pages
/// (`malloc_trim`), once for a burst of calls, off the caller's thread. Elsewhere it does
/// nothing. The libraries do not call it themselves: a trim walks every arena under its lock,
/// which stalls the allocating threads of a busy process.
package enum HeapTrim {
    /// How long a trim waits, so that the references to a dropped body (a previous state, a
    /// finished search) are gone and a burst of bodies is served by one trim.
    static let delay = 0.3

    private static let scheduled = NIOLockedValueBox(false)

    /// Trims free heap memory shortly, on a utility queue; calls while one is pending join it.
    package static func soon() {
        #if canImport(Glibc)
            let isNew = scheduled.withLockedValue { scheduled in
                defer { scheduled = true }
                return !scheduled
            }
            guard isNew else { return }
            DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + delay) {
                scheduled.withLockedValue { $0 = false }
                _ = malloc_trim(0)
            }
        #endif
    }
}
