import Foundation

/// Reads a `multipart/form-data` body (RFC 7578, RFC 2046) as it arrives, in pieces of any size,
/// and keeps only what describes each part: its headers, its length and ``UploadChecksum``, and
/// its text when it is short. Memory stays bounded whatever the size of the parts.
///
/// The body is a preamble (ignored), then parts, each after a `--boundary` line and made of
/// header lines, a blank line and the content, up to the CRLF before the next boundary; the body
/// ends with `--boundary--`, after which anything is ignored.
///
/// ```swift
/// var reader = MultipartStreamReader(boundary: "XyZ")
/// try reader.feed(Array(chunk))      // as many times as pieces arrive
/// let parts = try reader.finish()
/// ```
struct MultipartStreamReader {
    /// What the reader keeps of one part.
    struct Part: Equatable, Sendable {
        /// The header fields in order, names as sent.
        var headers: [HeaderLine]
        /// The `name` of its `Content-Disposition`, if any.
        var name: String?
        /// The `filename` of its `Content-Disposition`, if any.
        var filename: String?
        /// Its `Content-Type`, if any.
        var contentType: String?
        /// The bytes of its content.
        var length: Int64 = 0
        /// The checksum of its content.
        var checksum = UploadChecksum()
        /// The content as text when it is valid UTF-8 of at most ``textLimit`` bytes.
        var text: String?
    }

    /// One header line of a part.
    struct HeaderLine: Equatable, Sendable {
        /// The name as sent.
        var name: String
        /// The value, without the blanks around it.
        var value: String
    }

    /// Why a body is not multipart.
    struct Failure: Error, Equatable, CustomStringConvertible {
        /// What is wrong, as a phrase.
        var description: String
    }

    /// The longest content kept as ``Part/text``.
    static let textLimit = 4096
    /// The longest header block a part may have.
    static let headerLimit = 16 * 1024
    /// The most parts a body may have.
    static let partLimit = 10_000

    private enum Stage {
        /// Before the first boundary.
        case preamble
        /// Right after a boundary: `--` (the end) or the line end before the headers.
        case afterBoundary
        /// Reading a part's header lines.
        case headers
        /// Reading a part's content.
        case content
        /// After the closing boundary.
        case epilogue
    }

    private let delimiter: [UInt8]
    private var stage = Stage.preamble
    private var buffer: [UInt8]
    private var parts: [Part] = []
    private var current: Part?
    private var kept: [UInt8] = []

    /// A reader for parts separated by `boundary` (as given in the `Content-Type`, without the
    /// leading dashes).
    init(boundary: String) {
        delimiter = Array("\r\n--\(boundary)".utf8)
        // The first boundary may start the body: read it as if a line end came before it.
        buffer = [13, 10]
    }

    /// The boundary of a `multipart/…; boundary=…` content type, nil when it has none.
    static func boundary(ofContentType value: String) -> String? {
        let pieces = value.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let type = pieces.first, type.lowercased().hasPrefix("multipart/") else { return nil }
        for piece in pieces.dropFirst() {
            guard let equals = piece.firstIndex(of: "="),
                piece[..<equals].trimmingCharacters(in: .whitespaces).lowercased() == "boundary"
            else { continue }
            var boundary = piece[piece.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if boundary.count >= 2, boundary.hasPrefix("\""), boundary.hasSuffix("\"") {
                boundary = String(boundary.dropFirst().dropLast())
            }
            return boundary.isEmpty || boundary.count > 200 ? nil : boundary
        }
        return nil
    }

    /// Reads the next piece of the body.
    mutating func feed(_ bytes: some Collection<UInt8>) throws(Failure) {
        guard stage != .epilogue else { return }
        buffer.append(contentsOf: bytes)
        try advance()
    }

    /// The parts, once the whole body was fed; a body that ends before its closing boundary is
    /// a failure.
    mutating func finish() throws(Failure) -> [Part] {
        guard stage == .epilogue else {
            switch stage {
            case .preamble: throw Failure(description: "the body has no boundary line")
            case .headers: throw Failure(description: "the body ends inside the headers of part \(parts.count + 1)")
            default: throw Failure(description: "the body ends before its closing boundary")
            }
        }
        return parts
    }

    private mutating func advance() throws(Failure) {
        var start = 0
        defer { buffer.removeFirst(start) }
        while true {
            switch stage {
            case .preamble, .content:
                if let found = find(delimiter, in: buffer, from: start) {
                    if stage == .content { take(buffer[start..<found]) }
                    try finishPart()
                    start = found + delimiter.count
                    stage = .afterBoundary
                } else {
                    // Keep what may be the start of a delimiter split across pieces.
                    let safe = max(start, buffer.count - (delimiter.count - 1))
                    if stage == .content { take(buffer[start..<safe]) }
                    start = safe
                    return
                }
            case .afterBoundary:
                guard buffer.count - start >= 2 else { return }
                if buffer[start] == 45, buffer[start + 1] == 45 {
                    stage = .epilogue
                    start = buffer.count
                    return
                }
                // Blanks may follow a boundary before its line ends (RFC 2046 transport padding).
                var index = start
                while index < buffer.count, buffer[index] == 32 || buffer[index] == 9 { index += 1 }
                guard buffer.count - index >= 2 else {
                    guard index - start <= 256 else { throw Failure(description: "a boundary line goes on and on") }
                    return
                }
                guard buffer[index] == 13, buffer[index + 1] == 10 else {
                    throw Failure(description: "a boundary is not followed by a line end or “--”")
                }
                start = index + 2
                stage = .headers
            case .headers:
                let end = find([13, 10, 13, 10], in: buffer, from: start)
                let blankFirst = buffer.count - start >= 2 && buffer[start] == 13 && buffer[start + 1] == 10
                if blankFirst {
                    try begin(headers: [])
                    start += 2
                    stage = .content
                } else if let end {
                    guard end - start <= Self.headerLimit else { throw headerTooLong }
                    try begin(headers: try Self.headerLines(buffer[start..<end]))
                    start = end + 4
                    stage = .content
                } else {
                    guard buffer.count - start <= Self.headerLimit else { throw headerTooLong }
                    return
                }
            case .epilogue:
                start = buffer.count
                return
            }
        }
    }

    private var headerTooLong: Failure {
        Failure(description: "the headers of part \(parts.count + 1) are longer than \(Self.headerLimit) bytes")
    }

    private mutating func begin(headers: [HeaderLine]) throws(Failure) {
        guard parts.count < Self.partLimit else {
            throw Failure(description: "the body has more than \(Self.partLimit) parts")
        }
        var part = Part(headers: headers)
        for header in headers {
            switch header.name.lowercased() {
            case "content-disposition":
                let parameters = Self.parameters(of: header.value)
                part.name = parameters["name"]
                part.filename = parameters["filename"]
            case "content-type":
                part.contentType = header.value
            default:
                break
            }
        }
        current = part
        kept = []
    }

    private mutating func take(_ bytes: ArraySlice<UInt8>) {
        guard !bytes.isEmpty, current != nil else { return }
        current?.length += Int64(bytes.count)
        bytes.withUnsafeBytes { current?.checksum.add($0) }
        if kept.count <= Self.textLimit { kept.append(contentsOf: bytes.prefix(Self.textLimit + 1 - kept.count)) }
    }

    private mutating func finishPart() throws(Failure) {
        guard var part = current else { return }
        if kept.count <= Self.textLimit { part.text = String(validating: kept, as: UTF8.self) }
        parts.append(part)
        current = nil
        kept = []
    }

    /// The header lines of a block (without its final blank line); folded lines are joined.
    private static func headerLines(_ block: ArraySlice<UInt8>) throws(Failure) -> [HeaderLine] {
        let text = String(decoding: block, as: UTF8.self)
        var lines: [HeaderLine] = []
        for raw in text.components(separatedBy: "\r\n") {
            if let first = raw.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1].value += " " + raw.trimmingCharacters(in: .whitespaces)
                continue
            }
            guard let colon = raw.firstIndex(of: ":"), colon > raw.startIndex else {
                throw Failure(description: "the part header “\(raw.prefix(80))” has no name and colon")
            }
            lines.append(
                HeaderLine(
                    name: String(raw[..<colon]),
                    value: raw[raw.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        return lines
    }

    /// The `key=value` parameters after the first `;` of a header value; quoted values may hold
    /// `;` and backslash escapes. Names are lower-cased; the first of a repeated name wins.
    static func parameters(of value: String) -> [String: String] {
        var result: [String: String] = [:]
        var characters = Substring(value)
        guard let semicolon = characters.firstIndex(of: ";") else { return result }
        characters = characters[characters.index(after: semicolon)...]
        while !characters.isEmpty {
            characters = characters.drop { $0 == " " || $0 == "\t" || $0 == ";" }
            let nameEnd = characters.firstIndex { $0 == "=" || $0 == ";" } ?? characters.endIndex
            let name = characters[..<nameEnd].trimmingCharacters(in: .whitespaces).lowercased()
            characters = characters[nameEnd...]
            guard characters.first == "=" else { continue }
            characters = characters.dropFirst().drop { $0 == " " || $0 == "\t" }
            var parameter = ""
            if characters.first == "\"" {
                characters = characters.dropFirst()
                while let character = characters.first, character != "\"" {
                    characters = characters.dropFirst()
                    if character == "\\", let escaped = characters.first {
                        parameter.append(escaped)
                        characters = characters.dropFirst()
                    } else {
                        parameter.append(character)
                    }
                }
                characters = characters.dropFirst()
                let end = characters.firstIndex(of: ";") ?? characters.endIndex
                characters = characters[end...]
            } else {
                let end = characters.firstIndex(of: ";") ?? characters.endIndex
                parameter = characters[..<end].trimmingCharacters(in: .whitespaces)
                characters = characters[end...]
            }
            if !name.isEmpty, result[name] == nil { result[name] = parameter }
        }
        return result
    }

    /// Where `pattern` first starts in `bytes` at or after `start`, nil when it does not.
    private func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count - start >= pattern.count, let first = pattern.first else { return nil }
        return bytes.withUnsafeBufferPointer { haystack -> Int? in
            pattern.withUnsafeBufferPointer { needle -> Int? in
                guard let base = haystack.baseAddress, let needleBase = needle.baseAddress else { return nil }
                var index = start
                let last = haystack.count - needle.count
                while index <= last {
                    guard let hit = memchr(base + index, Int32(first), last - index + 1) else { return nil }
                    let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(hit, needleBase, needle.count) == 0 { return position }
                    index = position + 1
                }
                return nil
            }
        }
    }
}
