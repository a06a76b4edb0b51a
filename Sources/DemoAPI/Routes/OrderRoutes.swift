import Hummingbird

/// `GET /orders` and `GET /orders/{id}`: orders whose status moves on with the ``LiveClock``
/// (see ``LiveOrder``). Each answer has the strong `ETag` of its current bytes, honours
/// `If-None-Match` with `304 Not Modified`, and carries `Cache-Control: no-cache`.
struct OrderRoutes {
    /// The clock the orders follow.
    let clock: LiveClock

    /// Adds the routes to `router`.
    func register(on router: Router<BasicRequestContext>) {
        let clock = self.clock
        router.get("orders") { request, _ in
            let step = clock.currentStep()
            let orders = LiveOrder.ids.compactMap { LiveOrder(id: $0, step: step, clock: clock)?.summaryJSON }
            return try ResponseBuilder.json(JSONValue.array(orders), headers: LiveRoutes.noCache, for: request)
        }
        router.get("orders/:id") { request, context in
            let text = context.parameters.get("id") ?? ""
            guard let id = Int(text), let order = LiveOrder(id: id, step: clock.currentStep(), clock: clock) else {
                let known = LiveOrder.ids.map(String.init).joined(separator: ", ")
                throw APIError(.notFound, "There is no order with id \"\(text)\"; the orders are \(known).")
            }
            return try ResponseBuilder.json(order.json, headers: LiveRoutes.noCache, for: request)
        }
    }
}
