import Foundation

/// The process's resident memory, from `/proc/self/status`.
enum ResidentMemory {
    /// All resident memory (VmRSS), in megabytes (0 when it cannot be read).
    static func megabytes() -> Int { field("VmRSS:") }

    /// Resident anonymous memory (RssAnon: the heap, arenas and other private mappings, not the
    /// pages of the binary and libraries), in megabytes.
    static func anonymousMegabytes() -> Int { field("RssAnon:") }

    private static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            return (line.split(separator: " ").compactMap { Int($0) }.first ?? 0) / 1024
        }
        return 0
    }
}
