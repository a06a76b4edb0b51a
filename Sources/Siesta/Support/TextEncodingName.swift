import Foundation

/// Maps between IANA charset names (as in `Content-Type`) and `String.Encoding`.
enum TextEncodingName {
    private static let table: [(names: [String], encoding: String.Encoding)] = [
        (["utf-8", "utf8"], .utf8),
        (["us-ascii", "ascii"], .ascii),
        (["iso-8859-1", "latin1", "iso8859-1", "l1"], .isoLatin1),
        (["iso-8859-2", "latin2"], .isoLatin2),
        (["utf-16"], .utf16),
        (["utf-16be"], .utf16BigEndian),
        (["utf-16le"], .utf16LittleEndian),
        (["utf-32"], .utf32),
        (["utf-32be"], .utf32BigEndian),
        (["utf-32le"], .utf32LittleEndian),
        (["windows-1252", "cp1252"], .windowsCP1252),
        (["windows-1251", "cp1251"], .windowsCP1251),
        (["windows-1250", "cp1250"], .windowsCP1250),
        (["shift_jis", "shift-jis", "sjis"], .shiftJIS),
        (["euc-jp"], .japaneseEUC),
        (["macintosh", "mac"], .macOSRoman),
    ]

    /// The encodings Foundation decodes by itself on every platform: the Unicode forms, ASCII
    /// and ISO-8859-1. Others are decoded through `iconv` where there is one.
    private static let portableEncodings: Set<String.Encoding> = [
        .utf8, .ascii, .isoLatin1, .utf16, .utf16BigEndian, .utf16LittleEndian, .utf32, .utf32BigEndian,
        .utf32LittleEndian,
    ]

    /// The encoding for an IANA name (case-insensitive), or `nil` if unknown.
    static func encoding(named name: String) -> String.Encoding? {
        let lowered = name.lowercased()
        return table.first { $0.names.contains(lowered) }?.encoding
    }

    /// Whether Foundation decodes `encoding` correctly on every platform.
    static func isPortable(_ encoding: String.Encoding) -> Bool {
        portableEncodings.contains(encoding)
    }

    /// The preferred IANA name of an encoding, or `nil` if it has none here.
    static func name(of encoding: String.Encoding) -> String? {
        table.first { $0.encoding == encoding }?.names.first
    }
}
