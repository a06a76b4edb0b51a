import Foundation

/// Checks that a database path can hold a file SQLite can read and write, creating missing
/// folders; every failure is a ``SQLiteStoreError/cannotOpen(path:reason:)`` whose reason
/// names the part of the path at fault and the system's explanation.
enum SQLiteFileLocation {
    /// The file's absolute path, after checking that it is a file URL that does not name a
    /// directory, and creating its folder (mode 0700 for new folders) when missing.
    static func prepare(_ fileURL: URL) throws -> String {
        guard fileURL.isFileURL else {
            throw SQLiteStoreError.cannotOpen(path: fileURL.absoluteString, reason: "it is not a file URL")
        }
        let path = fileURL.standardizedFileURL.path
        if isDirectory(path) == true {
            throw SQLiteStoreError.cannotOpen(path: path, reason: "it is a directory")
        }
        let folder = fileURL.standardizedFileURL.deletingLastPathComponent().path
        try createFolder(folder, for: path)
        return path
    }

    /// Checks, for an existing file or a new one, that the folder can take new files (SQLite
    /// creates `-wal` and `-shm` files next to the database) and that an existing file can be
    /// read and written. Checked with `access(2)`, so a user allowed everything (root) passes.
    static func checkAccess(_ path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if access(folder, W_OK | X_OK) != 0 {
            throw SQLiteStoreError.cannotOpen(
                path: path, reason: "its folder \(folder) is not writable (\(String(cString: strerror(errno))))")
        }
        guard FileManager.default.fileExists(atPath: path) else { return }
        if access(path, R_OK) != 0 {
            throw SQLiteStoreError.cannotOpen(
                path: path, reason: "it cannot be read (\(String(cString: strerror(errno))))")
        }
        if access(path, W_OK) != 0 {
            throw SQLiteStoreError.cannotOpen(path: path, reason: "the file can only be opened read-only")
        }
    }

    /// Creates `folder` and its missing parents, one at a time, so a failure names the part at
    /// fault: a file where a folder should be, or the system's reason.
    private static func createFolder(_ folder: String, for path: String) throws {
        if isDirectory(folder) == true { return }
        var prefix = ""
        for component in folder.split(separator: "/") {
            prefix += "/" + component
            switch isDirectory(prefix) {
            case true?:
                continue
            case false?:
                throw SQLiteStoreError.cannotOpen(path: path, reason: "\(prefix) is not a directory")
            case nil:
                guard mkdir(prefix, 0o700) == 0 || errno == EEXIST else {
                    let reason = String(cString: strerror(errno))
                    throw SQLiteStoreError.cannotOpen(
                        path: path, reason: "its folder \(folder) cannot be created (\(reason) at \(prefix))")
                }
            }
        }
    }

    /// Whether `path` is a directory (symbolic links followed); `nil` when nothing is there.
    private static func isDirectory(_ path: String) -> Bool? {
        var flag: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &flag) else { return nil }
        return flag.boolValue
    }
}
