/// The items of `/live/list` at a given step of the ``LiveClock``.
///
/// One item is added every step, with the next id. Each item lives 8, 4, 6 or 2 steps (by its id
/// modulo 4), so some steps remove none, others two, and the length goes 5, 4, 5, 6, 5, 4, …. An item's `value` changes when it is 3 and 6 steps old, so a
/// diff between steps shows additions, removals and changes. At step 0 the list already holds
/// the items that would have been added in the steps before the server started.
struct LiveList: Sendable {
    /// The longest an item lives, in steps.
    static let longestLifetime = 8

    /// The step the list stands at.
    let step: Int
    /// The clock that dates the items.
    let clock: LiveClock

    /// The ids of the items present, ascending.
    var ids: [Int] {
        ((step + 1)...(step + Self.longestLifetime)).filter { age(of: $0) < Self.lifetime(of: $0) }
    }

    /// The JSON form: `{"count", "updatedAt", "items": [{"id", "name", "value", "createdAt"}]}`.
    var json: JSONValue {
        let items = ids.map { id in
            JSONValue.object([
                "id": .int(id),
                "name": .string("item \(id)"),
                "value": .int(id * 7 % 50 + age(of: id) / 3 * 5),
                "createdAt": .string(clock.timestamp(ofStep: Self.creationStep(of: id))),
            ])
        }
        return .object([
            "count": .int(items.count),
            "updatedAt": .string(clock.timestamp(ofStep: step)),
            "items": .array(items),
        ])
    }

    /// How many steps item `id` has existed at this step.
    private func age(of id: Int) -> Int {
        step - Self.creationStep(of: id)
    }

    /// The step at which item `id` is added; item `longestLifetime` is added at step 0.
    private static func creationStep(of id: Int) -> Int {
        id - longestLifetime
    }

    /// How many steps item `id` stays in the list.
    private static func lifetime(of id: Int) -> Int {
        [8, 4, 6, 2][id % 4]
    }
}
