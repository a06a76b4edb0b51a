import Foundation

/// Parses the input as a request form's body in each mode. For a form-urlencoded body that
/// parses, it decodes the bytes that would be sent the way a server does and checks that every
/// field typed as literal text arrives exactly as typed, in order, and that no field is gained
/// or lost on the wire.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormBody(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    _ = try? RequestBody.parse(text, mode: .json)
    _ = try? RequestBody.parse(text, mode: .text)
    guard case .urlEncoded(let fields)? = try? RequestBody.parse(text, mode: .form),
        let wire = RequestBody.urlEncoded(fields).encoded?.data
    else {
        return 0
    }
    let received = String(decoding: wire, as: UTF8.self).split(separator: "&", omittingEmptySubsequences: false)
    if fields.isEmpty ? !wire.isEmpty : received.count != fields.count {
        fatalError("\(fields.count) fields went out as \(received.count) pairs")
    }
    var index = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        let literal = !RequestBody.isEncodedLine(trimmed)
        for pair in trimmed.split(separator: "&") {
            defer { index += 1 }
            guard literal else { continue }
            let equals = pair.firstIndex(of: "=")!
            let (name, value) = serverDecoded(received[index])
            if name != Array(pair[..<equals].utf8) || value != Array(pair[pair.index(after: equals)...].utf8) {
                fatalError("the literal field '\(pair)' arrives as '\(received[index])'")
            }
        }
    }
    if index != fields.count {
        fatalError("\(index) pairs typed, \(fields.count) fields parsed")
    }
    return 0
}

/// A `name=value` pair decoded as a server decodes form fields: `+` is a space, `%XX` a byte.
private func serverDecoded(_ pair: Substring) -> (name: [UInt8], value: [UInt8]) {
    func decode(_ text: Substring) -> [UInt8] {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                let high = iterator.next().flatMap { UInt8(String(UnicodeScalar($0)), radix: 16) }
                let low = iterator.next().flatMap { UInt8(String(UnicodeScalar($0)), radix: 16) }
                guard let high, let low else { fatalError("a bad escape went out in '\(pair)'") }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return bytes
    }
    let equals = pair.firstIndex(of: "=") ?? pair.endIndex
    return (decode(pair[..<equals]), equals == pair.endIndex ? [] : decode(pair[pair.index(after: equals)...]))
}
