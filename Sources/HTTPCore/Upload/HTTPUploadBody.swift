import Foundation

/// A request body described rather than held: pieces of bytes in memory and whole files, sent one
/// after the other, with its length known before the first byte goes out.
///
/// The transport streams it: a file is read a chunk at a time while the connection takes it, so a
/// body of any size costs the same memory; it is sent with a `Content-Length` of ``length``. The
/// same description can be sent again (a 307 or 308 redirect, a retry), each time from the start.
///
/// A file's size is measured when the body is made (``measureFile(atPath:)``); the file is sent
/// at that length. When it is shorter by the time it is sent, the exchange fails with an
/// ``HTTPUploadFailure`` naming it; bytes added after the measure are not sent.
///
/// ```swift
/// let body = try HTTPUploadBody(segments: [.file(path: "/tmp/photo.png", size: HTTPUploadBody.measureFile(atPath: "/tmp/photo.png"))])
/// request.httpBodyStream = HTTPUploadStream(body)
/// ```
package struct HTTPUploadBody: Sendable, Hashable {
    /// One piece of a body.
    package enum Segment: Sendable, Hashable {
        /// Bytes held in memory.
        case bytes(Data)
        /// The first `size` bytes of the file at `path`.
        case file(path: String, size: Int64)

        /// The number of bytes the piece sends.
        package var length: Int64 {
            switch self {
            case .bytes(let data): return Int64(data.count)
            case .file(_, let size): return size
            }
        }
    }

    /// The pieces, in the order they are sent.
    package let segments: [Segment]
    /// The number of bytes the body sends in all.
    package let length: Int64

    /// Creates a body from pieces; neighbouring byte pieces are joined.
    package init(segments: [Segment]) {
        var joined: [Segment] = []
        for segment in segments where segment.length > 0 {
            if case .bytes(let next) = segment, case .bytes(let previous)? = joined.last {
                joined[joined.count - 1] = .bytes(previous + next)
            } else {
                joined.append(segment)
            }
        }
        self.segments = joined
        length = joined.reduce(0) { $0 + $1.length }
    }

    /// A body that is the whole file at `path`, measured now.
    ///
    /// - Throws: ``HTTPUploadFailure`` when there is no such file, it cannot be read, or it is not
    ///   a regular file (a folder, a device, a pipe).
    package static func file(atPath path: String) throws(HTTPUploadFailure) -> HTTPUploadBody {
        HTTPUploadBody(segments: [.file(path: path, size: try measureFile(atPath: path))])
    }

    /// The size of the regular file at `path`, once it was opened for reading (so a file that
    /// cannot be read fails here, not halfway through a request).
    ///
    /// - Throws: ``HTTPUploadFailure`` when there is no such file, it cannot be read, or it is not
    ///   a regular file.
    package static func measureFile(atPath path: String) throws(HTTPUploadFailure) -> Int64 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw HTTPUploadFailure(path: path, errorNumber: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw HTTPUploadFailure(path: path, errorNumber: errno) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return Int64(status.st_size)
        case S_IFDIR: throw HTTPUploadFailure(path: path, problem: .folder)
        default: throw HTTPUploadFailure(path: path, problem: .notRegular)
        }
    }
}
