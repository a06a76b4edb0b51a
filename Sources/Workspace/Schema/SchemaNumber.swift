import Foundation

/// A JSON number read exactly from its text, as JSON Schema compares numbers: by mathematical
/// value, so `1`, `1.0` and `10e-1` are equal, `0.0075` is a multiple of `0.0001`, and integers
/// of any length keep every digit.
///
/// The value is `significand × 10^exponent`, with the significand's decimal digits kept without
/// leading or trailing zeros (none at all for zero, which is never negative).
struct SchemaNumber: Sendable, Hashable, CustomStringConvertible {
    /// True for values below zero.
    var isNegative: Bool
    /// The significant decimal digits, most significant first, each 0...9.
    var digits: [UInt8]
    /// The power of ten the digits are scaled by.
    var exponent: Int

    /// Exponents are kept within this bound, far beyond anything a `Double` holds.
    private static let exponentLimit = 1_000_000_000

    /// Zero.
    static let zero = SchemaNumber(negative: false, digits: [], exponent: 0)

    /// True for zero.
    var isZero: Bool { digits.isEmpty }

    /// True when the value has no fractional part (`1.0` and `1e2` count).
    var isInteger: Bool { exponent >= 0 }

    /// Reads a JSON number's text (`-12`, `1.50`, `2E+3`); nil when it is not one.
    init?(text: some Collection<UInt8>) {
        var negative = false
        var digits: [UInt8] = []
        var pointShift = 0
        var seenPoint = false
        var sawDigit = false
        var iterator = text.makeIterator()
        var byte = iterator.next()
        if byte == UInt8(ascii: "-") {
            negative = true
            byte = iterator.next()
        } else if byte == UInt8(ascii: "+") {
            byte = iterator.next()
        }
        while let current = byte {
            if current >= UInt8(ascii: "0") && current <= UInt8(ascii: "9") {
                sawDigit = true
                let digit = current - UInt8(ascii: "0")
                if !(digits.isEmpty && digit == 0) { digits.append(digit) }
                if seenPoint { pointShift -= 1 }
            } else if current == UInt8(ascii: ".") && !seenPoint {
                seenPoint = true
            } else {
                break
            }
            byte = iterator.next()
        }
        guard sawDigit else { return nil }
        var exponent = 0
        if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            byte = iterator.next()
            var exponentNegative = false
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") {
                exponentNegative = byte == UInt8(ascii: "-")
                byte = iterator.next()
            }
            var sawExponentDigit = false
            while let current = byte, current >= UInt8(ascii: "0"), current <= UInt8(ascii: "9") {
                sawExponentDigit = true
                if exponent < Self.exponentLimit { exponent = exponent * 10 + Int(current - UInt8(ascii: "0")) }
                byte = iterator.next()
            }
            guard sawExponentDigit else { return nil }
            if exponentNegative { exponent = -exponent }
        }
        guard byte == nil else { return nil }
        self.init(negative: negative, digits: digits, exponent: exponent + pointShift)
    }

    /// Reads a number from a string such as `"12.5"`.
    init?(_ text: String) {
        self.init(text: Array(text.utf8))
    }

    /// Builds a number from digits (leading zeros already dropped), dropping trailing zeros.
    private init(negative: Bool, digits: [UInt8], exponent: Int) {
        var digits = digits
        var exponent = exponent
        var trailing = 0
        while trailing < digits.count, digits[digits.count - 1 - trailing] == 0 { trailing += 1 }
        if trailing > 0 {
            digits.removeLast(trailing)
            exponent += trailing
        }
        if digits.isEmpty {
            self.isNegative = false
            self.digits = []
            self.exponent = 0
        } else {
            self.isNegative = negative
            self.digits = digits
            self.exponent = max(-Self.exponentLimit, min(Self.exponentLimit, exponent))
        }
    }

    /// The value in plain decimal notation when that is short, else in exponent notation.
    var description: String {
        if digits.isEmpty { return "0" }
        let body = String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
        let sign = isNegative ? "-" : ""
        if exponent >= 0 && exponent <= 20 {
            return sign + body + String(repeating: "0", count: exponent)
        }
        let point = digits.count + exponent
        if exponent < 0 && point > 0 {
            let split = body.index(body.startIndex, offsetBy: point)
            return sign + body[..<split] + "." + body[split...]
        }
        if exponent < 0 && point > -6 {
            return sign + "0." + String(repeating: "0", count: -point) + body
        }
        let mantissa = digits.count == 1 ? body : String(body.prefix(1)) + "." + body.dropFirst()
        return sign + mantissa + "e" + String(point - 1)
    }

    /// The value as an `Int` when it is a whole number that fits.
    var intValue: Int? {
        guard isInteger, digits.count + exponent <= 18 else { return nil }
        var value = 0
        for digit in digits { value = value * 10 + Int(digit) }
        for _ in 0..<exponent { value *= 10 }
        return isNegative ? -value : value
    }

    /// -1, 0 or 1 as `lhs` is less than, equal to or greater than `rhs`.
    static func compare(_ lhs: SchemaNumber, _ rhs: SchemaNumber) -> Int {
        if lhs.isNegative != rhs.isNegative { return lhs.isNegative ? -1 : 1 }
        let magnitude = compareMagnitude(lhs, rhs)
        return lhs.isNegative ? -magnitude : magnitude
    }

    /// Compares absolute values.
    private static func compareMagnitude(_ lhs: SchemaNumber, _ rhs: SchemaNumber) -> Int {
        if lhs.isZero || rhs.isZero { return lhs.isZero ? (rhs.isZero ? 0 : -1) : 1 }
        let lhsOrder = lhs.digits.count + lhs.exponent
        let rhsOrder = rhs.digits.count + rhs.exponent
        if lhsOrder != rhsOrder { return lhsOrder < rhsOrder ? -1 : 1 }
        for index in 0..<min(lhs.digits.count, rhs.digits.count) where lhs.digits[index] != rhs.digits[index] {
            return lhs.digits[index] < rhs.digits[index] ? -1 : 1
        }
        return lhs.digits.count == rhs.digits.count ? 0 : (lhs.digits.count < rhs.digits.count ? -1 : 1)
    }

    /// True when `self` divided by `divisor` is a whole number, worked out exactly for any
    /// decimal; `divisor` must be above zero.
    func isMultiple(of divisor: SchemaNumber) -> Bool {
        if isZero { return true }
        guard !divisor.isZero else { return false }
        // self / divisor = (digits / divisor.digits) × 10^(exponent - divisor.exponent); both digit
        // strings end in a non-zero digit, so a negative power of ten can never be cancelled.
        let shift = exponent - divisor.exponent
        guard shift >= 0 else { return false }
        guard divisor.digits.count <= 18 else { return isMultipleApproximately(of: divisor) }
        var modulus: UInt64 = 0
        for digit in divisor.digits { modulus = modulus * 10 + UInt64(digit) }
        if modulus == 1 { return true }
        var remainder: UInt64 = 0
        for digit in digits { remainder = (remainder * 10 + UInt64(digit)) % modulus }
        guard remainder != 0 else { return true }
        return Self.multiplyModulo(remainder, Self.powerOfTenModulo(shift, modulus), modulus) == 0
    }

    /// A fallback for divisors of more than 18 significant digits.
    private func isMultipleApproximately(of divisor: SchemaNumber) -> Bool {
        guard let dividend = Double(description), let by = Double(divisor.description) else { return false }
        let quotient = dividend / by
        return quotient.isFinite && quotient == quotient.rounded()
    }

    /// `10^power mod modulus`.
    private static func powerOfTenModulo(_ power: Int, _ modulus: UInt64) -> UInt64 {
        var result: UInt64 = 1 % modulus
        var base: UInt64 = 10 % modulus
        var power = power
        while power > 0 {
            if power & 1 == 1 { result = multiplyModulo(result, base, modulus) }
            base = multiplyModulo(base, base, modulus)
            power >>= 1
        }
        return result
    }

    /// `a × b mod modulus` without overflow.
    private static func multiplyModulo(_ a: UInt64, _ b: UInt64, _ modulus: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return modulus.dividingFullWidth((product.high, product.low)).remainder
    }

    /// A whole number of at most 18 digits written without fraction or exponent (`-42`), read
    /// without allocating: the quick path for the common case.
    static func smallInteger(_ text: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative { index = 1 }
        guard index < text.count, text.count - index <= 18 else { return nil }
        var value = 0
        while index < text.count {
            let byte = text[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            index += 1
        }
        return negative ? -value : value
    }
}
