/// A product that live orders are made of.
struct OrderProduct: Sendable {
    /// The product's id, which is also the id of an order item holding it.
    let id: Int
    /// A human-readable name.
    let name: String
    /// The unit price in cents.
    let priceCents: Int

    /// What orders choose their items from.
    static let catalog: [OrderProduct] = [
        OrderProduct(id: 101, name: "Hammock, cotton, double", priceCents: 8900),
        OrderProduct(id: 102, name: "Hammock stand, steel", priceCents: 12_450),
        OrderProduct(id: 103, name: "Tree straps, pair", priceCents: 2399),
        OrderProduct(id: 104, name: "Rain tarp", priceCents: 4550),
        OrderProduct(id: 105, name: "Bug net", priceCents: 1975),
        OrderProduct(id: 106, name: "Pillow, packable", priceCents: 1200),
    ]
}
