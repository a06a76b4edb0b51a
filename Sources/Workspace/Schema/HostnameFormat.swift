import Foundation

/// The `hostname` format: RFC 1123 host names, and in draft 2020-12 also the IDNA 2008 rules
/// (RFC 5890–5892) for labels in the reserved `??--` form: only `xn--` labels, whose Punycode
/// must decode to a label that starts with no combining mark, has no `--` in its third and
/// fourth places, holds no code point IDNA disallows, and meets the contextual rules for the
/// middle dots, Greek keraia, Hebrew geresh and gershayim, Arabic-Indic digits and zero-width
/// joiners.
enum HostnameFormat {
    /// True when `scalars` is a valid host name; `idna` turns on the IDNA 2008 rules.
    static func isValid(_ scalars: [Unicode.Scalar], idna: Bool) -> Bool {
        guard !scalars.isEmpty, scalars.count <= 253 else { return false }
        for label in scalars.split(separator: ".", omittingEmptySubsequences: false) {
            guard (1...63).contains(label.count), label.first != "-", label.last != "-",
                label.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
                )
            else { return false }
            guard idna, label.count >= 4, label[label.startIndex + 2] == "-", label[label.startIndex + 3] == "-" else {
                continue
            }
            let prefix = String(String.UnicodeScalarView(label.prefix(2))).lowercased()
            guard prefix == "xn",
                let decoded = Punycode.decode(String(String.UnicodeScalarView(label.dropFirst(4)))),
                isValidULabel(Array(decoded.unicodeScalars))
            else { return false }
        }
        return true
    }

    /// RFC 5891 §5.4 and RFC 5892's contextual rules, for a decoded label.
    private static func isValidULabel(_ label: [Unicode.Scalar]) -> Bool {
        guard let first = label.first else { return false }
        if label.count >= 4 && label[2] == "-" && label[3] == "-" { return false }
        switch first.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return false
        default: break
        }
        let hasArabicIndic = label.contains { (0x660...0x669).contains($0.value) }
        let hasExtendedArabicIndic = label.contains { (0x6F0...0x6F9).contains($0.value) }
        if hasArabicIndic && hasExtendedArabicIndic { return false }
        for (index, scalar) in label.enumerated() {
            let before = index > 0 ? label[index - 1] : nil
            let after = index + 1 < label.count ? label[index + 1] : nil
            switch scalar.value {
            case 0x640, 0x7FA, 0x302E, 0x302F, 0x3031...0x3035, 0x303B:
                return false
            case 0xB7:
                guard before == "l", after == "l" else { return false }
            case 0x375:
                guard let after, isGreek(after) else { return false }
            case 0x5F3, 0x5F4:
                guard let before, (0x590...0x5FF).contains(before.value) else { return false }
            case 0x30FB:
                guard label.contains(where: { $0.value != 0x30FB && isJapanese($0) }) else { return false }
            case 0x200D:
                guard let before, before.properties.canonicalCombiningClass == .virama else { return false }
            default:
                break
            }
        }
        return true
    }

    private static func isGreek(_ scalar: Unicode.Scalar) -> Bool {
        (0x370...0x3FF).contains(scalar.value) || (0x1F00...0x1FFF).contains(scalar.value)
    }

    /// Hiragana, Katakana or Han.
    private static func isJapanese(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
            0x20000...0x2FA1F:
            return true
        default:
            return false
        }
    }
}
