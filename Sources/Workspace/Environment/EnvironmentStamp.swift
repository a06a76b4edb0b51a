/// What the files of one environment looked like on disk when it was read: its own file and
/// `_shared.yaml`, each by path, device, inode, size and modification and change times (a missing
/// file by nothing). Taking one costs a `stat` per file and reads nothing, so it can be taken
/// before every request to notice a file edited, replaced, created or removed since.
///
/// ```swift
/// let stamp = set.stamp(of: "dev")
/// // … later …
/// if set.stamp(of: "dev") != stamp { environment = try set.load("dev") }
/// ```
///
/// Not promised: noticing a write that keeps the file's size and inode and lands within the same
/// tick of the kernel's file clock as the one before (a few milliseconds on Linux; a second on
/// some file systems). An edit made by hand is always seen.
public struct EnvironmentStamp: Sendable, Hashable {
    /// One file as it was: its path, and its `stat` fields, nil when there was no file.
    struct File: Sendable, Hashable {
        var path: String
        var fields: [Int64]?
    }

    /// The environment's own file (`.yaml`, else `.yml`).
    var own: File
    /// `_shared.yaml` (or `.yml`).
    var shared: File

    /// The paths of the files that differ from `earlier` (written, replaced, created or
    /// removed), own file first.
    public func changedFiles(since earlier: EnvironmentStamp) -> [String] {
        var paths: [String] = []
        if own != earlier.own { paths.append(own.fields == nil ? earlier.own.path : own.path) }
        if shared != earlier.shared { paths.append(shared.fields == nil ? earlier.shared.path : shared.path) }
        return paths
    }
}
