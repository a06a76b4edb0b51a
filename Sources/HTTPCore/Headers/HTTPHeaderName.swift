/// Header names compared as HTTP compares them: without regard to ASCII case.
package enum HTTPHeaderName {
    /// Whether `first` and `second` name the same field, compared byte by byte without regard to
    /// ASCII case; no string is made.
    package static func equal(_ first: String, _ second: String) -> Bool {
        var first = first
        var second = second
        return first.withUTF8 { a in
            second.withUTF8 { b in
                guard a.count == b.count else { return false }
                for index in 0..<a.count where lowered(a[index]) != lowered(b[index]) {
                    return false
                }
                return true
            }
        }
    }

    /// Whether `name` is `Content-Length` under any spelling.
    package static func isContentLength(_ name: String) -> Bool {
        equal(name, "content-length")
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}
