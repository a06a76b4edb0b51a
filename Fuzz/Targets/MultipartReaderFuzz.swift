import Foundation

/// Feeds the input to the demo server's streaming multipart reader whole and again in two pieces
/// split at a point the input chooses: both must give the same parts, or the same failure.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMultipartReader(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    func read(_ pieces: [ArraySlice<UInt8>]) -> Result<[MultipartStreamReader.Part], MultipartStreamReader.Failure> {
        var reader = MultipartStreamReader(boundary: "XyZ")
        do throws(MultipartStreamReader.Failure) {
            for piece in pieces { try reader.feed(piece) }
            return .success(try reader.finish())
        } catch {
            return .failure(error)
        }
    }
    let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    let whole = read([bytes[...]])
    let split = read([bytes[..<cut], bytes[cut...]])
    switch (whole, split) {
    case (.success(let first), .success(let second)) where first == second: break
    case (.failure, .failure): break
    default: fatalError("splitting the input changed the outcome: \(whole) vs \(split)")
    }
    return 0
}
