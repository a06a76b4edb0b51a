import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Decodes text through the C library's `iconv`, for the charsets Foundation cannot read on
/// this platform (EUC-JP, GB18030, Big5, KOI8-R…). glibc knows several hundred charsets and
/// their usual aliases; names are matched without regard to case.
enum IconvDecoder {
    /// What decoding produced.
    enum Outcome: Equatable {
        /// The text, converted to a Swift string.
        case decoded(String)
        /// The charset is known, but the bytes are not valid in it (or end inside a character).
        case invalidBytes
        /// `iconv` does not know the charset (or there is no `iconv` on this platform).
        case unknownCharset
    }

    /// Converts `data` from the charset named `charset` to a string.
    static func decode(_ data: Data, charset: String) -> Outcome {
        guard isPlainName(charset) else { return .unknownCharset }
        #if canImport(Glibc) || canImport(Musl)
            // On failure iconv_open returns (iconv_t) -1.
            guard let descriptor = iconv_open("UTF-8", charset), Int(bitPattern: descriptor) != -1 else {
                return .unknownCharset
            }
            defer { iconv_close(descriptor) }
            guard let bytes = convert(data, with: descriptor) else { return .invalidBytes }
            return .decoded(String(decoding: bytes, as: UTF8.self))
        #else
            return .unknownCharset
        #endif
    }

    /// Whether `name` looks like a charset name and nothing more: letters, digits and
    /// `- _ . : + ( )`. This keeps `iconv`'s `//IGNORE` and `//TRANSLIT` suffixes, which would
    /// silently change what invalid bytes do, out of names that come from a server.
    private static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64
            && name.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (CharacterSet.alphanumerics.contains(scalar) || "-_.:+()".unicodeScalars.contains(scalar))
            }
    }

    #if canImport(Glibc) || canImport(Musl)
        /// The UTF-8 bytes of `data`, or `nil` if `iconv` stopped at an invalid or incomplete
        /// sequence.
        private static func convert(_ data: Data, with descriptor: iconv_t) -> [UInt8]? {
            let inputCount = data.count
            let input = UnsafeMutablePointer<CChar>.allocate(capacity: max(inputCount, 1))
            defer { input.deallocate() }
            data.withUnsafeBytes { raw in
                UnsafeMutableRawBufferPointer(start: input, count: inputCount).copyMemory(from: raw)
            }
            let capacity = min(max(inputCount * 3, 64), 1 << 20)
            let output = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
            defer { output.deallocate() }

            var result: [UInt8] = []
            result.reserveCapacity(inputCount * 2)
            var inputPointer: UnsafeMutablePointer<CChar>? = input
            var inputLeft = inputCount
            // After the input is consumed, one more call with no input writes out any pending
            // shift state (e.g. of ISO-2022-JP).
            var flushing = false
            while true {
                var outputPointer: UnsafeMutablePointer<CChar>? = output
                var outputLeft = capacity
                let status =
                    flushing
                    ? iconv(descriptor, nil, nil, &outputPointer, &outputLeft)
                    : iconv(descriptor, &inputPointer, &inputLeft, &outputPointer, &outputLeft)
                let failure = errno
                result.append(contentsOf: UnsafeRawBufferPointer(start: output, count: capacity - outputLeft))
                if status != -1 {
                    if flushing { return result }
                    flushing = true
                } else if failure != E2BIG {
                    return nil
                }
            }
        }
    #endif
}
