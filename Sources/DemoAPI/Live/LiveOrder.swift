/// One of the demo orders as it stands at a given step of the ``LiveClock``.
///
/// An order moves through the ``OrderStatus`` values, one every few steps, and after
/// `delivered` starts again as the next delivery with other items. Order 7 changes status every
/// step; order 8 every 2 steps and order 9 every 3, each a little ahead of the clock so the three
/// start in different states.
struct LiveOrder: Sendable {
    /// The ids of the orders served, in the order `/orders` lists them.
    static let ids = [7, 8, 9]
    /// How many steps each order is ahead of the clock, by position in ``ids``, so that at
    /// step 0 they stand at `placed`, `paid` and `packed`.
    private static let leads = [0, 3, 7]

    /// The order's id.
    let id: Int
    /// How many steps each status lasts.
    let stepsPerStatus: Int
    /// How many steps the order is ahead of the clock.
    let lead: Int
    /// The number of status changes since the first delivery was placed.
    let position: Int
    /// The clock that dates the changes.
    let clock: LiveClock

    /// Order `id` at step `step`, or `nil` when there is no such order.
    init?(id: Int, step: Int, clock: LiveClock) {
        guard let index = Self.ids.firstIndex(of: id) else { return nil }
        self.id = id
        stepsPerStatus = index + 1
        lead = Self.leads[index]
        position = max(0, step + lead) / stepsPerStatus
        self.clock = clock
    }

    /// The root-relative URL of the order.
    var path: String { "/orders/\(id)" }

    /// The 1-based number of the delivery in progress.
    var delivery: Int { position / OrderStatus.allCases.count + 1 }

    /// The current status.
    var status: OrderStatus { OrderStatus.allCases[position % OrderStatus.allCases.count] }

    /// The products of this delivery with their quantities; they change from one delivery to the
    /// next.
    var lines: [(product: OrderProduct, quantity: Int)] {
        let catalog = OrderProduct.catalog
        let count = 1 + (delivery + id) % 3
        return (0..<count).map { line in
            (catalog[((delivery - 1) * 2 + id + line) % catalog.count], 1 + (delivery + line) % 3)
        }
    }

    /// The sum of the lines, in cents.
    var totalCents: Int {
        lines.reduce(0) { $0 + $1.product.priceCents * $1.quantity }
    }

    /// The full JSON form: id, url, delivery, status, updatedAt, placedAt, items, total, the
    /// history of this delivery's statuses so far, and a tracking number once shipped.
    var json: JSONValue {
        let firstPosition = position - position % OrderStatus.allCases.count
        var fields: [String: JSONValue] = [
            "id": .int(id),
            "url": .string(path),
            "delivery": .int(delivery),
            "status": .string(status.rawValue),
            "updatedAt": .string(timestamp(ofPosition: position)),
            "placedAt": .string(timestamp(ofPosition: firstPosition)),
            "items": .array(
                lines.map { line in
                    .object([
                        "id": .int(line.product.id),
                        "name": .string(line.product.name),
                        "quantity": .int(line.quantity),
                        "price": Self.amount(line.product.priceCents),
                    ])
                }),
            "total": Self.amount(totalCents),
            "currency": .string("EUR"),
            "history": .array(
                (firstPosition...position).map { reached in
                    .object([
                        "status": .string(OrderStatus.allCases[reached - firstPosition].rawValue),
                        "at": .string(timestamp(ofPosition: reached)),
                    ])
                }),
        ]
        if status == .shipped || status == .delivered {
            fields["trackingNumber"] = .string("HMK-\(id)-\(delivery)")
        }
        return .object(fields)
    }

    /// The form used in the list: id, url, delivery, status, updatedAt and total.
    var summaryJSON: JSONValue {
        .object([
            "id": .int(id),
            "url": .string(path),
            "delivery": .int(delivery),
            "status": .string(status.rawValue),
            "updatedAt": .string(timestamp(ofPosition: position)),
            "total": Self.amount(totalCents),
        ])
    }

    /// When the status change number `position` happened.
    private func timestamp(ofPosition position: Int) -> String {
        clock.timestamp(ofStep: position * stepsPerStatus - lead)
    }

    /// An amount of cents as a JSON number of whole currency units (`1975` gives `19.75`).
    private static func amount(_ cents: Int) -> JSONValue {
        cents.isMultiple(of: 100) ? .int(cents / 100) : .double(Double(cents) / 100)
    }
}
