import Foundation

/// Parses the input as a `Set-Cookie` value received from two URLs, and as a cookie date.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSetCookie(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    for url in [URL(string: "https://shop.example.com/cart/items")!, URL(string: "http://127.0.0.1:8080/")!] {
        _ = HTTPSetCookieParser.parse(text, from: url, now: now)
    }
    _ = HTTPCookieDate.parse(text)
    return 0
}
