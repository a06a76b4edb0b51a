import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
    import CMalloc
#endif

/// Hands the memory that the C allocator keeps after large bodies back to the system.
///
/// A large body's own bytes live in a mapping of their own (``HTTPBodyMapping``) and return when
/// dropped. What is made from them (decoded text, parsed JSON, models) comes from the C
/// allocator, and glibc keeps freed heap pages, and after every large block freed raises the size
/// from which blocks get a mapping of their own, so with its defaults a process that went
/// through a few hundred megabytes of responses stays that large. After a large body was
/// processed or dropped, ``soon()`` asks glibc to return its free pages (`malloc_trim`), once
/// for a burst of such bodies, off the caller's thread. Elsewhere it does nothing.
package enum HeapTrim {
    /// Bodies of at least this many bytes ask for a trim when done with.
    package static let bodyThreshold = 1 << 20
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

    /// Asks for a trim (``soon()``) when a body of `size` bytes, now done with, was at least
    /// ``bodyThreshold``.
    package static func afterBody(ofSize size: Int) {
        if size >= bodyThreshold { soon() }
    }
}
