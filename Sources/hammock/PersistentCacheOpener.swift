import Foundation
import SQLiteStore
import SiestaSQLite

/// Opens the browser's SQLite entity cache and turns every way that can fail into a sentence
/// that names what failed: the folder that cannot be created, or the file SQLite cannot open,
/// with the reason.
enum PersistentCacheOpener {
    /// Why the cache cannot be used, as a sentence without a final full stop.
    struct Failure: Error, Equatable, CustomStringConvertible {
        /// `cannot create folder /x/y: Permission denied`.
        var description: String
    }

    /// Creates the file's folder when needed and opens the cache in it.
    ///
    /// With `isExplicit` (a path given with `--cache`), anything there that is not an SQLite
    /// database (a non-empty regular file whose first bytes are not SQLite's header, or a pipe,
    /// device or socket) is refused and left untouched: it was most likely given by mistake. At
    /// the default path, a damaged file is hammock's own and the cache moves it aside (see
    /// ``SQLiteEntityCache/recoveryNote``).
    static func open(path: String, isExplicit: Bool) -> Result<SQLiteEntityCache, Failure> {
        let fileURL = URL(fileURLWithPath: path)
        let folder = fileURL.deletingLastPathComponent().path
        if let failure = createFolder(folder) { return .failure(failure) }
        if isExplicit, let failure = refuseForeignFile(path) { return .failure(failure) }
        do {
            return .success(try SQLiteEntityCache(fileURL: fileURL))
        } catch let error as SQLiteEntityCacheError {
            switch error {
            case .cannotOpen(_, let reason), .incompatibleFile(_, let reason), .cannotMoveAside(_, let reason):
                return .failure(Failure(description: "cannot open SQLite file \(path): \(reason)"))
            default:
                return .failure(Failure(description: "cannot open SQLite file \(path): \(error.description)"))
            }
        } catch {
            return .failure(Failure(description: "cannot open SQLite file \(path): \(error.localizedDescription)"))
        }
    }

    /// A failure when `path` is a non-empty regular file that does not start with SQLite's
    /// header, or a pipe, device or socket (never opened: reading one could block); nil when it
    /// starts with the header, is empty, is a directory (SQLite reports that), or does not exist.
    static func refuseForeignFile(_ path: String) -> Failure? {
        switch SQLiteForeignFile.check(atPath: path) {
        case nil:
            return nil
        case .notRegularFile?:
            return Failure(
                description: "\(path) is not a regular file, so hammock leaves it alone; give --cache another path")
        case .notSQLiteFile?:
            return Failure(
                description: "\(path) is not an SQLite file, so hammock leaves it alone; give --cache another path")
        }
    }

    /// Creates `folder` and its missing parents (mode 0700), so a failure names the folder and
    /// the system's reason (and the part of the path at fault when that is a parent); nil on
    /// success.
    static func createFolder(_ folder: String) -> Failure? {
        var prefix = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            prefix += "/" + component
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: prefix, isDirectory: &isDirectory) {
                if isDirectory.boolValue { continue }
                return Failure(description: "cannot create folder \(folder): \(prefix) is a file, not a folder")
            }
            guard mkdir(prefix, 0o700) == 0 || errno == EEXIST else {
                let reason = String(cString: strerror(errno))
                let place = prefix == folder ? "" : " (at \(prefix))"
                return Failure(description: "cannot create folder \(folder): \(reason)\(place)")
            }
        }
        return nil
    }
}
