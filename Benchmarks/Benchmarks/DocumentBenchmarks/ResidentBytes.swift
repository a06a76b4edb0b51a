import Foundation

/// The process's resident memory.
enum ResidentBytes {
    /// VmRSS from `/proc/self/status`, in bytes (0 when it cannot be read).
    static func current() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return (line.split(separator: " ").compactMap { Int($0) }.first ?? 0) * 1024
        }
        return 0
    }
}
