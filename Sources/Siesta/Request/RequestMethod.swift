/// The HTTP methods Siesta can send.
public enum RequestMethod: String, CaseIterable, Sendable {
    /// GET: read a resource. `load()` uses it.
    case get = "GET"
    /// POST: create or act.
    case post = "POST"
    /// PUT: replace.
    case put = "PUT"
    /// PATCH: partially update.
    case patch = "PATCH"
    /// DELETE: remove.
    case delete = "DELETE"
    /// HEAD: headers only.
    case head = "HEAD"
    /// OPTIONS: ask what the server allows.
    case options = "OPTIONS"
}
