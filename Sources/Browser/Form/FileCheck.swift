/// What hammock found at the path of a file a form would send: its size, or why it cannot be
/// sent. The form shows it beside each part; the request checks the file again when it is sent.
public enum FileCheck: Sendable, Equatable {
    /// A regular file of this many bytes that can be read.
    case size(Int64)
    /// The sentence saying why the file cannot be sent (`The file /tmp/a.png does not exist.`).
    case problem(String)
}
