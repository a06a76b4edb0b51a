/// A folder of a collection: its subfolders and its request files, each sorted by name.
public struct CollectionGroup: Sendable, Hashable, Identifiable {
    /// The folder's path relative to the collection folder (`users/admin`); empty for the
    /// collection itself.
    public var id: String
    /// The folder name; for the collection itself, the collection folder's name.
    public var name: String
    /// The subfolders, sorted by name.
    public var groups: [CollectionGroup]
    /// The request files, sorted by request name.
    public var requests: [SavedRequest]
    /// Why the folder could not be listed (it is then shown empty); nil when it could.
    public var problem: String?

    /// Creates a group.
    public init(
        id: String, name: String, groups: [CollectionGroup] = [], requests: [SavedRequest] = [],
        problem: String? = nil
    ) {
        self.id = id
        self.name = name
        self.groups = groups
        self.requests = requests
        self.problem = problem
    }

    /// Every request in this folder and below, depth first: a folder's own requests, then its
    /// subfolders'.
    public var allRequests: [SavedRequest] {
        requests + groups.flatMap(\.allRequests)
    }
}
