/// A loaded collection: its folders and request files as a tree.
public struct CollectionTree: Sendable, Hashable {
    /// The collection folder itself (id `""`).
    public var root: CollectionGroup

    /// Creates a tree.
    public init(root: CollectionGroup) {
        self.root = root
    }

    /// Every request, depth first (see ``CollectionGroup/allRequests``).
    public var allRequests: [SavedRequest] { root.allRequests }

    /// The files that could not be read, with their problems.
    public var problems: [CollectionFileProblem] { allRequests.compactMap(\.problem) }

    /// The request with file id `id`, nil when there is none.
    public func request(id: String) -> SavedRequest? {
        allRequests.first { $0.id == id }
    }

    /// The group with id `id` (`""` is the root), nil when there is none.
    public func group(id: String) -> CollectionGroup? {
        func find(_ group: CollectionGroup) -> CollectionGroup? {
            if group.id == id { return group }
            for child in group.groups {
                if let found = find(child) { return found }
            }
            return nil
        }
        return find(root)
    }
}
