import CMalloc

/// How the process's allocator hands memory back.
///
/// By default glibc raises its threshold for giving large blocks their own mapping each time
/// such a block is freed, so after a burst of big response bodies (a storm of cancelled
/// downloads, say) later buffers come from the heap and their memory stays with the process
/// when they are freed. A fixed threshold keeps every buffer of 256 KiB or more in its own
/// mapping, returned to the system as soon as it is freed.
///
/// Smaller blocks live in glibc's per-thread arenas, which keep the pages of freed blocks. After
/// an hour of random use a third of hammock's heap was such pages (131 MB resident, 89 MB after
/// one `malloc_trim`), so a background task trims the arenas every 30 seconds.
enum AllocatorPolicy {
    /// Fixes the threshold; called once at start-up.
    static func returnLargeBlocksPromptly() {
        _ = mallopt(M_MMAP_THRESHOLD, 256 * 1024)
    }

    /// Starts the background task that hands free arena pages back to the system every
    /// `seconds`; called once at start-up.
    static func trimFreedMemoryPeriodically(every seconds: Int = 30) {
        Task.detached(priority: .background) {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(seconds))
                _ = malloc_trim(0)
            }
        }
    }
}
