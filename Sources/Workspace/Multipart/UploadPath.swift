/// How hammock reads the path of a file to upload (a `file` body, a multipart `@file` or
/// `<file` part): `~` and `~/…` are the home folder, as a shell would have it; any other path is
/// taken as written, relative paths from hammock's working folder.
public enum UploadPath {
    /// `path` with a leading `~` or `~/` replaced by `home`; unchanged otherwise (and when no
    /// home is known).
    ///
    /// ```swift
    /// UploadPath.expanded("~/a.png", home: "/home/ada")   // "/home/ada/a.png"
    /// UploadPath.expanded("a.png", home: "/home/ada")     // "a.png"
    /// ```
    public static func expanded(_ path: String, home: String?) -> String {
        guard let home, !home.isEmpty else { return path }
        if path == "~" { return home }
        guard path.hasPrefix("~/") else { return path }
        return (home.hasSuffix("/") ? String(home.dropLast()) : home) + String(path.dropFirst())
    }

    /// The absolute path of `path`: expanded, then a relative path joined to `directory`.
    ///
    /// ```swift
    /// UploadPath.absolute("docs/a.txt", home: nil, currentDirectory: "/work")   // "/work/docs/a.txt"
    /// ```
    public static func absolute(_ path: String, home: String?, currentDirectory directory: String) -> String {
        let expanded = expanded(path, home: home)
        guard !expanded.hasPrefix("/"), !directory.isEmpty else { return expanded }
        return (directory.hasSuffix("/") ? directory : directory + "/") + expanded
    }
}
