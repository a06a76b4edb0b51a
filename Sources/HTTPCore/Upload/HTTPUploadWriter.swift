import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Streams request bodies: an ``HTTPUploadBody`` with its `Content-Length`, files read a chunk at
/// a time on NIO's thread pool, each chunk written only once the connection took the one before
/// (the engine holds the write back while the socket is full), so memory stays flat whatever the
/// size; or any other `InputStream`, read the same way, sent chunked.
enum HTTPUploadWriter {
    /// The bytes read from a file, or an input stream, at a time.
    static let chunkSize = 256 * 1024

    /// The streamed body for `upload`, with its length.
    static func streamedBody(for upload: HTTPUploadBody) -> HTTPStreamedBody {
        HTTPStreamedBody(length: upload.length) { loop, write in
            self.write(upload.segments[...], to: write, on: loop)
        }
    }

    /// A chunked body that reads `stream` once. A second attempt to send it (a redirect that
    /// keeps the body) fails, since its bytes are gone.
    static func streamedBody(for stream: InputStream) -> HTTPStreamedBody {
        let reader = InputStreamBox(stream)
        return HTTPStreamedBody(length: nil) { loop, write in
            guard reader.claim() else { return loop.makeFailedFuture(OneTimeStreamError()) }
            return pump(reader, to: write, on: loop)
        }
    }

    /// AsyncHTTPClient's streaming body for `body`.
    static func clientBody(for body: HTTPStreamedBody) -> HTTPClient.Body {
        .stream(contentLength: body.length) { writer in
            body.produce(MultiThreadedEventLoopGroup.singleton.next()) { writer.write(.byteBuffer($0)) }
        }
    }

    /// The input stream of a request was sent once already.
    struct OneTimeStreamError: Error, CustomStringConvertible {
        var description: String {
            "The request body is a stream that can be read once, and it was sent already; it cannot be sent again"
                + " (after a redirect that keeps the body)."
        }
    }

    /// An input stream reported an error without saying which.
    struct StreamReadError: Error, CustomStringConvertible {
        var description: String { "The request body stream failed while it was read." }
    }

    private static func write(
        _ segments: ArraySlice<HTTPUploadBody.Segment>, to writer: @escaping HTTPStreamedBody.Write,
        on loop: any EventLoop
    ) -> EventLoopFuture<Void> {
        guard let first = segments.first else { return loop.makeSucceededVoidFuture() }
        let rest = segments.dropFirst()
        let written: EventLoopFuture<Void>
        switch first {
        case .bytes(let data):
            written = writer(ByteBuffer(data: data))
        case .file(let path, let size):
            written = writeFile(path: path, size: size, to: writer, on: loop)
        }
        return written.hop(to: loop).flatMap { write(rest, to: writer, on: loop) }
    }

    /// Opens the file on the thread pool, then reads and writes it chunk by chunk.
    private static func writeFile(
        path: String, size: Int64, to writer: @escaping HTTPStreamedBody.Write, on loop: any EventLoop
    ) -> EventLoopFuture<Void> {
        let pool = NIOThreadPool.singleton
        return pool.runIfActive(eventLoop: loop) { () throws -> FileDescriptorBox in
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw HTTPUploadFailure(path: path, errorNumber: errno) }
            return FileDescriptorBox(descriptor)
        }.flatMap { file in
            let done = writeChunks(of: file, path: path, from: 0, size: size, to: writer, on: loop, pool: pool)
            done.whenComplete { _ in file.release() }
            return done
        }
    }

    private static func writeChunks(
        of file: FileDescriptorBox, path: String, from offset: Int64, size: Int64,
        to writer: @escaping HTTPStreamedBody.Write, on loop: any EventLoop, pool: NIOThreadPool
    ) -> EventLoopFuture<Void> {
        guard offset < size else { return loop.makeSucceededVoidFuture() }
        let count = Int(min(Int64(chunkSize), size - offset))
        return pool.runIfActive(eventLoop: loop) { () throws -> ByteBuffer in
            var buffer = ByteBufferAllocator().buffer(capacity: count)
            let read = try buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { pointer in
                var total = 0
                while total < count {
                    let result = pread(
                        file.descriptor, pointer.baseAddress! + total, count - total, off_t(offset) + off_t(total))
                    if result < 0 {
                        if errno == EINTR { continue }
                        throw HTTPUploadFailure(path: path, errorNumber: errno)
                    }
                    if result == 0 { break }
                    total += result
                }
                return total
            }
            guard read == count else {
                throw HTTPUploadFailure(path: path, problem: .shrank(expected: size, sent: offset + Int64(read)))
            }
            return buffer
        }.flatMap { buffer in
            writer(buffer).hop(to: loop)
        }.flatMap {
            writeChunks(of: file, path: path, from: offset + Int64(count), size: size, to: writer, on: loop, pool: pool)
        }
    }

    /// Reads `reader` on the thread pool and writes what it gives until it ends.
    private static func pump(
        _ reader: InputStreamBox, to writer: @escaping HTTPStreamedBody.Write, on loop: any EventLoop
    ) -> EventLoopFuture<Void> {
        NIOThreadPool.singleton.runIfActive(eventLoop: loop) { () throws -> ByteBuffer? in
            try reader.next(upTo: chunkSize)
        }.flatMap { buffer in
            guard let buffer else { return loop.makeSucceededVoidFuture() }
            return writer(buffer).hop(to: loop).flatMap { pump(reader, to: writer, on: loop) }
        }
    }

    /// An open file descriptor handed between the event loop and the thread pool; closed once.
    private final class FileDescriptorBox: Sendable {
        let descriptor: Int32
        private let isClosed = NIOLockedValueBox(false)

        init(_ descriptor: Int32) { self.descriptor = descriptor }

        func release() {
            let wasClosed = isClosed.withLockedValue { closed in
                defer { closed = true }
                return closed
            }
            if !wasClosed { _ = close(descriptor) }
        }
    }

    /// An input stream read by one thread at a time: the pump's reads follow one another.
    private final class InputStreamBox: @unchecked Sendable {
        private let stream: InputStream
        private let lock = NIOLock()

        init(_ stream: InputStream) { self.stream = stream }

        /// Opens the stream for the one sending; false when it was opened before (by an earlier
        /// hop of the exchange, or by someone else).
        func claim() -> Bool {
            lock.withLock {
                guard stream.streamStatus == .notOpen else { return false }
                stream.open()
                return true
            }
        }

        /// The next bytes, nil at the end.
        func next(upTo count: Int) throws -> ByteBuffer? {
            try lock.withLock {
                var buffer = ByteBufferAllocator().buffer(capacity: count)
                let read = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { pointer in
                    max(0, stream.read(pointer.bindMemory(to: UInt8.self).baseAddress!, maxLength: count))
                }
                guard read == 0 else { return buffer }
                // Foundation's streamError traps when there is none: asked only after an error.
                let failed = stream.streamStatus == .error
                let error = failed ? stream.streamError ?? StreamReadError() : nil
                stream.close()
                if let error { throw error }
                return nil
            }
        }
    }
}
