/// The place of one URL in a ``ResourceCache``: its resource, held strongly while the cache keeps
/// it and weakly for as long as anyone else does.
///
/// The table and the indexes of the strings that lookups were given share one slot, so a lookup
/// through an index reaches the resource without building the URL.
@MainActor
final class ResourceSlot {
    /// The resource while the cache holds it.
    var strong: Resource?

    /// The resource while anything holds it.
    weak var weak: Resource?

    /// Set once the slot has left the table; an index never holds a removed slot.
    var isRemoved = false

    /// A slot for a new resource; the cache holds it strongly by setting ``strong``.
    init(_ resource: Resource) {
        weak = resource
    }

    /// Whether the resource is gone: the cache released it and nothing else held it.
    var isEmpty: Bool { strong == nil && weak == nil }
}
