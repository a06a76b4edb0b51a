import Foundation

/// A number as JSONPath compares it: by mathematical value, exactly for integers that fit in
/// `Int64` and as `Double` otherwise, so `1`, `1.0` and `1e0` are equal and so are `1.10` and
/// `1.1`. An integer and a `Double` are compared exactly, without rounding the integer.
enum JSONPathNumber: Sendable {
    case integer(Int64)
    case double(Double)

    /// Reads a JSON number from its text (`-12`, `1.5e3`). Integers that do not fit in `Int64`
    /// and numbers with a fraction or an exponent become `Double`.
    static func parse(_ text: UnsafeRawBufferPointer) -> JSONPathNumber {
        var value: Int64 = 0
        var index = 0
        let negative = text.first == Byte.minus
        if negative { index = 1 }
        var isInteger = index < text.count
        while index < text.count {
            let byte = text[index]
            guard Byte.isDigit(byte) else {
                isInteger = false
                break
            }
            let digit = Int64(byte - Byte.zero)
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
            if overflow1 || overflow2 {
                isInteger = false
                break
            }
            value = next
            index += 1
        }
        if isInteger { return .integer(value) }
        // strtod needs a terminated copy; numbers are short, so it lives on the stack.
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { buffer in
            for (offset, byte) in text.enumerated() { buffer[offset] = CChar(bitPattern: byte) }
            buffer[text.count] = 0
            return .double(strtod(buffer.baseAddress!, nil))
        }
    }

    /// -1, 0 or 1 as `lhs` is less than, equal to or greater than `rhs`.
    static func compare(_ lhs: JSONPathNumber, _ rhs: JSONPathNumber) -> Int {
        switch (lhs, rhs) {
        case (.integer(let a), .integer(let b)): return a < b ? -1 : (a == b ? 0 : 1)
        case (.double(let a), .double(let b)): return a < b ? -1 : (a == b ? 0 : 1)
        case (.integer(let a), .double(let b)): return compare(a, b)
        case (.double(let a), .integer(let b)): return -compare(b, a)
        }
    }

    /// Compares an integer with a double exactly.
    private static func compare(_ integer: Int64, _ double: Double) -> Int {
        if double.isNaN { return 1 }
        if double >= 9_223_372_036_854_775_808.0 { return -1 }
        if double < -9_223_372_036_854_775_808.0 { return 1 }
        let whole = double.rounded(.towardZero)
        let wholeInteger = Int64(whole)
        if integer != wholeInteger { return integer < wholeInteger ? -1 : 1 }
        let fraction = double - whole
        return fraction > 0 ? -1 : (fraction < 0 ? 1 : 0)
    }
}
