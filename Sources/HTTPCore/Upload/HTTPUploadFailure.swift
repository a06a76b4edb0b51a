import Foundation

/// Why a file of a request body could not be sent, as a sentence that names the file.
///
/// Raised before anything is sent, when the body is made (``HTTPUploadBody/measureFile(atPath:)``),
/// or while it is sent when the file went away or shrank meanwhile; the exchange then fails with
/// this error as its cause.
package struct HTTPUploadFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the file.
    package enum Problem: Sendable, Hashable {
        /// There is no file at the path.
        case missing
        /// The file exists but this process may not read it.
        case permissionDenied
        /// The path names a folder.
        case folder
        /// The path names a device, a pipe or a socket, whose length is not known in advance.
        case notRegular
        /// The file held fewer bytes when it was sent than when it was measured.
        case shrank(expected: Int64, sent: Int64)
        /// Another error from the system, in its words.
        case system(String)
    }

    /// The path as given.
    package var path: String
    /// What is wrong.
    package var problem: Problem

    /// Creates a failure.
    package init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// A failure from a system call's `errno`.
    package init(path: String, errorNumber: Int32) {
        self.path = path
        switch errorNumber {
        case ENOENT, ENOTDIR: problem = .missing
        case EACCES, EPERM: problem = .permissionDenied
        case EISDIR: problem = .folder
        default: problem = .system(String(cString: strerror(errorNumber)))
        }
    }

    /// The sentence: `The file /tmp/photo.png does not exist.`
    package var description: String {
        switch problem {
        case .missing: return "The file \(path) does not exist."
        case .permissionDenied: return "The file \(path) cannot be read: permission denied."
        case .folder: return "\(path) is a folder, not a file."
        case .notRegular:
            return "\(path) is not a regular file (a device, pipe or socket), so its length is not known in advance."
        case .shrank(let expected, let sent):
            return "The file \(path) changed while it was sent: it had \(expected) bytes, and only \(sent) were left."
        case .system(let reason): return "The file \(path) cannot be read: \(reason)."
        }
    }
}
