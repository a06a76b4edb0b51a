import CMalloc

/// How the process's allocator hands memory back.
///
/// By default glibc raises its threshold for giving large blocks their own mapping each time
/// such a block is freed, so after a burst of big response bodies (a storm of cancelled
/// downloads, say) later buffers come from the heap and their memory stays with the process
/// when they are freed. A fixed threshold keeps every buffer of 256 KiB or more in its own
/// mapping, returned to the system as soon as it is freed.
enum AllocatorPolicy {
    /// Fixes the threshold; called once at start-up.
    static func returnLargeBlocksPromptly() {
        _ = mallopt(M_MMAP_THRESHOLD, 256 * 1024)
    }
}
