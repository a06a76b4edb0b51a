import ArgumentParser
import Foundation

/// A size in bytes as typed on the command line: digits, optionally followed by `K`, `M`, `G`
/// or `T` (powers of 1024, with or without a trailing `B` or `iB`): `1048576`, `512K`, `64M`,
/// `1G`, `1GiB`.
struct ByteSize: ExpressibleByArgument, Sendable {
    /// The number of bytes.
    let bytes: Int

    init?(argument: String) {
        var text = argument.trimmingCharacters(in: .whitespaces).uppercased()
        for suffix in ["IB", "B"] where text.hasSuffix(suffix) && text.count > suffix.count {
            text.removeLast(suffix.count)
            break
        }
        let shifts: [Character: Int] = ["K": 10, "M": 20, "G": 30, "T": 40]
        var shift = 0
        if let last = text.last, let unitShift = shifts[last] {
            shift = unitShift
            text.removeLast()
        }
        guard !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber), let number = Int(text) else {
            return nil
        }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: 1 << shift)
        guard !overflow else {
            return nil
        }
        self.bytes = bytes
    }
}
