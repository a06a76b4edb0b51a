import Foundation

/// An `InputStream` that carries an ``HTTPUploadBody``, so that a `URLRequest` can describe a
/// body streamed from files (`request.httpBodyStream = HTTPUploadStream(body)`).
///
/// The package's transport does not read the stream: it takes ``body`` and streams it itself,
/// with a `Content-Length` and from the start for every redirect. Anyone else (Foundation's
/// `URLSession`) reads it like any input stream, a piece at a time; ``open()`` starts over.
///
/// Not promised: a file that changes between the measure and the read is read as it is then; a
/// reader that does not use this package's transport gets no ``HTTPUploadFailure``, only a
/// stream error.
package final class HTTPUploadStream: InputStream {
    /// The body the stream reads.
    package let body: HTTPUploadBody

    private var segment = 0
    private var offset: Int64 = 0
    private var file: FileHandle?
    private var status: Stream.Status = .notOpen
    private var failure: (any Error)?

    /// Creates a stream over `body`.
    package init(_ body: HTTPUploadBody) {
        self.body = body
        super.init(data: Data())
    }

    /// The body of `stream` when it is an upload stream; nil for any other stream.
    package static func body(of stream: InputStream?) -> HTTPUploadBody? {
        (stream as? HTTPUploadStream)?.body
    }

    /// Starts reading from the first byte.
    override package func open() {
        closeFile()
        segment = 0
        offset = 0
        failure = nil
        status = body.segments.isEmpty ? .atEnd : .open
    }

    /// Stops reading.
    override package func close() {
        closeFile()
        status = .closed
    }

    /// True while bytes are left.
    override package var hasBytesAvailable: Bool { status == .open }

    /// Where the stream stands.
    override package var streamStatus: Stream.Status { status }

    /// The error that stopped reading, if any.
    override package var streamError: (any Error)? { failure }

    /// Reads up to `length` bytes into `buffer`; 0 at the end, -1 on an error.
    override package func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        guard status == .open, length > 0 else { return status == .error ? -1 : 0 }
        while segment < body.segments.count {
            let piece = body.segments[segment]
            let left = piece.length - offset
            guard left > 0 else {
                closeFile()
                segment += 1
                offset = 0
                continue
            }
            let count = Int(min(Int64(length), left))
            switch piece {
            case .bytes(let data):
                let start = data.startIndex + Int(offset)
                data.copyBytes(to: buffer, from: start..<(start + count))
                offset += Int64(count)
                return count
            case .file(let path, let size):
                do {
                    if file == nil {
                        guard let handle = FileHandle(forReadingAtPath: path) else {
                            throw HTTPUploadFailure(path: path, problem: .missing)
                        }
                        file = handle
                    }
                    let data = try file?.read(upToCount: count) ?? Data()
                    guard !data.isEmpty else {
                        throw HTTPUploadFailure(path: path, problem: .shrank(expected: size, sent: offset))
                    }
                    data.copyBytes(to: buffer, count: data.count)
                    offset += Int64(data.count)
                    return data.count
                } catch {
                    failure = error
                    status = .error
                    closeFile()
                    return -1
                }
            }
        }
        status = .atEnd
        return 0
    }

    /// No buffer to lend: readers copy with ``read(_:maxLength:)``.
    override package func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>
    ) -> Bool {
        false
    }

    private func closeFile() {
        try? file?.close()
        file = nil
    }
}
