import Foundation

/// The process's resident memory, and glibc's hand-back of free memory to the system.
enum ResidentMemory {
    /// VmRSS from `/proc/self/status`, in megabytes (0 when it cannot be read).
    static func megabytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return (line.split(separator: " ").compactMap { Int($0) }.first ?? 0) / 1024
        }
        return 0
    }

    /// Calls glibc's `malloc_trim(0)`, which returns free heap pages to the system; does nothing
    /// where the C library has no such function.
    static func trimMallocArenas() {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        let mallocTrim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        _ = mallocTrim(0)
    }
}
