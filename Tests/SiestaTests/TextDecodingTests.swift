import Foundation
import Testing

@testable import Siesta

@Suite("ISO-8859-1 text is decoded byte for byte")
struct TextDecodingTests {
    @Test("every byte is the code point of its value, as Foundation decodes it")
    func everyByte() {
        let bytes = Data((0...255).map { UInt8($0) } + Array("plain ASCII after".utf8))
        let decoded = TextDecoding.decodeLatin1(bytes)
        #expect(decoded.unicodeScalars.map(\.value) == bytes.map { UInt32($0) })
        #expect(decoded == String(data: bytes, encoding: .isoLatin1))
    }

    @Test("ASCII bodies, empty and large, come out unchanged")
    func ascii() {
        #expect(TextDecoding.decodeLatin1(Data()).isEmpty)
        let large = Data(repeating: UInt8(ascii: "x"), count: 3_000_000)
        let decoded = TextDecoding.decodeLatin1(large)
        #expect(decoded.utf8.count == large.count)
        #expect(decoded.utf8.allSatisfy { $0 == UInt8(ascii: "x") })
    }
}
