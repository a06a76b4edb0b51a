/// What a run from the saved requests list (`C`) runs: the whole collection, a folder of it
/// (with its subfolders), or one request (the requests whose values it needs run first).
public enum RunTarget: Sendable, Equatable {
    /// Every request of the collection.
    case collection
    /// The folder with this id (its path in the collection, `users`), subfolders included.
    case folder(String)
    /// The request with this id (its file's path in the collection, `users/list.yaml`).
    case request(String)

    /// The folder of the request `id`, or the whole collection for a request at its top.
    public static func folder(of id: String) -> RunTarget {
        guard let slash = id.lastIndex(of: "/") else { return .collection }
        return .folder(String(id[..<slash]))
    }

    /// How the run is named on screen and in Events: `the collection`, `users/`,
    /// `users/list.yaml`.
    public var title: String {
        switch self {
        case .collection: "the collection"
        case .folder(let id): id + "/"
        case .request(let id): id
        }
    }
}
