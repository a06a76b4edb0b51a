import Foundation

/// Punycode (RFC 3492), as used in the `xn--` labels of internationalized host names.
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 128

    /// The Unicode text that `encoded` (the part after `xn--`) stands for, or nil when it is not
    /// valid Punycode.
    static func decode(_ encoded: String) -> String? {
        let input = Array(encoded.unicodeScalars)
        guard input.allSatisfy(\.isASCII) else { return nil }
        var output: [Unicode.Scalar] = []
        var start = 0
        if let delimiter = input.lastIndex(of: "-") {
            output = Array(input[..<delimiter])
            start = delimiter + 1
        }
        var n = initialN
        var i = 0
        var bias = initialBias
        var index = start
        while index < input.count {
            let oldI = i
            var weight = 1
            var k = base
            while true {
                guard index < input.count, let digit = digitValue(input[index]) else { return nil }
                index += 1
                let (product, overflow) = digit.multipliedReportingOverflow(by: weight)
                guard !overflow, i <= Int(Int32.max) - product else { return nil }
                i += product
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if digit < t { break }
                weight *= base - t
                guard weight < Int(Int32.max) else { return nil }
                k += base
            }
            bias = adapt(i - oldI, numPoints: output.count + 1, firstTime: oldI == 0)
            n += i / (output.count + 1)
            i %= output.count + 1
            guard let scalar = Unicode.Scalar(UInt32(min(n, 0x10FFFF + 1))), n <= 0x10FFFF, n >= 0x80 else {
                return nil
            }
            output.insert(scalar, at: i)
            i += 1
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: output)
        return text
    }

    private static func digitValue(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar {
        case "a"..."z": return Int(scalar.value) - 97
        case "A"..."Z": return Int(scalar.value) - 65
        case "0"..."9": return Int(scalar.value) - 48 + 26
        default: return nil
        }
    }

    private static func adapt(_ delta: Int, numPoints: Int, firstTime: Bool) -> Int {
        var delta = firstTime ? delta / damp : delta / 2
        delta += delta / numPoints
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}
