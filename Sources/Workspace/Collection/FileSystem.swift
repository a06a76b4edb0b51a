import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few file operations collections and environments need, on POSIX calls so that every
/// failure carries its `errno` and the path it happened on.
///
/// Writes are atomic: the text goes to a hidden temporary file in the same folder, is flushed to
/// disk, and is then renamed over the target (``replace(_:with:)``) or hard-linked to a name that
/// must not exist yet (``createNew(_:with:)``), so a reader never sees half a file and an existing
/// file is never replaced by accident. A process killed mid-write leaves at most a hidden
/// `.name.XXXXXXXX.tmp` beside the target, never a truncated target.
package enum FileSystem {
    /// What a path names.
    enum Kind: Equatable {
        case file
        case directory
        case other
    }

    /// A failed call: the path, the errno and what was being done.
    package struct Failure: Error, Equatable {
        /// The path the call was about.
        package var path: String
        /// The `errno` it failed with.
        package var code: Int32

        /// The reason in plain words (`permission denied`, `a part of the path is a file, not a folder`).
        package var reason: String {
            switch code {
            case EACCES, EPERM: return "permission denied"
            case ENOTDIR: return "a part of the path is a file, not a folder"
            case ENOENT: return "it does not exist"
            case EEXIST: return "something with that name already exists"
            case ENOSPC: return "the disk is full"
            case EROFS: return "the file system is read-only"
            case EISDIR: return "it is a folder, not a file"
            case ENAMETOOLONG: return "the name is too long"
            case EDQUOT: return "the disk quota is used up"
            case EFBIG: return "it is too large"
            case EINVAL: return "it is not a regular file"
            default: return String(cString: strerror(code)).lowercased()
            }
        }
    }

    /// One entry of a folder listing.
    struct Entry: Equatable {
        var name: String
        var kind: Kind
    }

    /// What `path` names (following symbolic links), or nil when nothing is there.
    static func kind(of path: String) -> Kind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return kind(mode: info.st_mode)
    }

    private static func kind(mode: mode_t) -> Kind {
        switch mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// The device and inode of what `path` names (following symbolic links), to notice a folder
    /// seen twice through a link.
    static func identity(of path: String) -> [UInt64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }

    /// What `path` (following symbolic links) looks like on disk: device, inode, size, and the
    /// modification and status-change times to the nanosecond; nil when nothing is there. Two
    /// results differ when the file was written, replaced or renamed over in between.
    static func stamp(of path: String) -> [Int64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [
            Int64(truncatingIfNeeded: info.st_dev), Int64(truncatingIfNeeded: info.st_ino), Int64(info.st_size),
            Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec), Int64(info.st_ctim.tv_sec),
            Int64(info.st_ctim.tv_nsec),
        ]
    }

    /// The names in folder `path` (without `.` and `..`), each with its kind (symbolic links
    /// followed; a dangling link is `.other`), sorted by name.
    static func list(_ path: String) throws(Failure) -> [Entry] {
        guard let directory = opendir(path) else { throw Failure(path: path, code: errno) }
        defer { closedir(directory) }
        var entries: [Entry] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: pointer.pointee)) {
                    String(cString: $0)
                }
            }
            guard name != "." && name != ".." else { continue }
            entries.append(Entry(name: name, kind: kind(of: path + "/" + name) ?? .other))
        }
        return entries.sorted { $0.name < $1.name }
    }

    /// The bytes of regular file `path`; refuses folders, devices and files over `limit` bytes.
    package static func readFile(_ path: String, limit: Int) throws(Failure) -> Data {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { throw Failure(path: path, code: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure(path: path, code: errno) }
        guard kind(mode: info.st_mode) == .file else {
            throw Failure(path: path, code: kind(mode: info.st_mode) == .directory ? EISDIR : EINVAL)
        }
        guard Int(info.st_size) <= limit else { throw Failure(path: path, code: EFBIG) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(path: path, code: errno)
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
            guard data.count <= limit else { throw Failure(path: path, code: EFBIG) }
        }
        return data
    }

    /// Creates folder `path` and any missing parents (like `mkdir -p`).
    static func makeDirectories(_ path: String) throws(Failure) {
        if kind(of: path) == .directory { return }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != path && parent != "/" {
            try makeDirectories(parent)
        }
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw Failure(path: path, code: errno)
        }
        guard kind(of: path) == .directory else { throw Failure(path: path, code: ENOTDIR) }
    }

    /// Writes `text` to `path`, replacing what is there in one step.
    static func replace(_ path: String, with text: String) throws(Failure) {
        try replace(path, with: Data(text.utf8))
    }

    /// Writes `bytes` to `path`, replacing what is there in one step.
    package static func replace(_ path: String, with bytes: Data) throws(Failure) {
        let temporary = try writeTemporary(besides: path, bytes: bytes)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw Failure(path: path, code: code)
        }
    }

    /// Writes `text` to `path`, which must not exist yet; throws `EEXIST` when it does (the
    /// existing file is left untouched).
    static func createNew(_ path: String, with text: String) throws(Failure) {
        try createNew(path, with: Data(text.utf8))
    }

    /// Writes `bytes` to `path`, which must not exist yet; throws `EEXIST` when it does (the
    /// existing file is left untouched).
    package static func createNew(_ path: String, with bytes: Data) throws(Failure) {
        let temporary = try writeTemporary(besides: path, bytes: bytes)
        defer { unlink(temporary) }
        if link(temporary, path) == 0 { return }
        let code = errno
        guard code == EPERM || code == ENOTSUP || code == EOPNOTSUPP || code == EXDEV || code == EMLINK else {
            throw Failure(path: path, code: code)
        }
        // File systems without hard links: refuse an existing name, then rename.
        var info = stat()
        if lstat(path, &info) == 0 { throw Failure(path: path, code: EEXIST) }
        guard rename(temporary, path) == 0 else { throw Failure(path: path, code: errno) }
    }

    /// Removes file `path`.
    static func remove(_ path: String) throws(Failure) {
        guard unlink(path) == 0 else { throw Failure(path: path, code: errno) }
    }

    private static func writeTemporary(besides path: String, bytes: Data) throws(Failure) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (folder.isEmpty ? "." : folder) + "/.\(name).\(UUID().uuidString.prefix(8)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            // Name the folder when the folder is the problem.
            throw Failure(path: code == EEXIST ? temporary : (folder.isEmpty ? "." : folder), code: code)
        }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                write(descriptor, $0.baseAddress! + written, $0.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(descriptor)
                unlink(temporary)
                throw Failure(path: path, code: code)
            }
            written += count
        }
        if fsync(descriptor) != 0 || close(descriptor) != 0 {
            let code = errno
            unlink(temporary)
            throw Failure(path: path, code: code)
        }
        return temporary
    }
}
