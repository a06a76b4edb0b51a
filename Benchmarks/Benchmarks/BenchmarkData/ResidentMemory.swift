import Foundation

/// The process's resident memory, from `/proc/self/status`, for the benchmarks and measuring
/// programs (0 when it cannot be read).
public enum ResidentMemory {
    /// All resident memory (VmRSS), in bytes.
    public static func bytes() -> Int { field("VmRSS:") }

    /// All resident memory (VmRSS), in megabytes of 2^20 bytes.
    public static func megabytes() -> Int { bytes() / (1024 * 1024) }

    /// Resident anonymous memory (RssAnon: the heap, arenas and other private mappings, not the
    /// pages of the binary and libraries), in megabytes of 2^20 bytes.
    public static func anonymousMegabytes() -> Int { field("RssAnon:") / (1024 * 1024) }

    /// A field of `/proc/self/status` given in kB, in bytes.
    private static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            return (line.split(separator: " ").compactMap { Int($0) }.first ?? 0) * 1024
        }
        return 0
    }
}
