import Foundation

/// Reads the input as a cookie jar file (Netscape format, as `--cookies` keeps it). A file that
/// reads is written back and read again: the same cookies must come back, so a jar never changes
/// or breaks by being saved.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCookieJarFile(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    guard let cookies = try? HTTPCookieJarFile.decode(text, path: "jar.txt", now: now) else {
        return 0
    }
    let written = HTTPCookieJarFile.encode(cookies)
    let again: [HTTPCookieRecord]
    do {
        again = try HTTPCookieJarFile.decode(written, path: "jar.txt", now: now)
    } catch {
        fatalError("a jar written back does not read: \(error)\n\(written)")
    }
    if again != cookies {
        fatalError("cookies changed on the way back:\n\(cookies)\n\(again)\n\(written)")
    }
    return 0
}
