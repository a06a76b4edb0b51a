/// The states a live order goes through, in order; after ``delivered`` the order starts again
/// as a new delivery.
enum OrderStatus: String, CaseIterable, Sendable {
    case placed
    case paid
    case packed
    case shipped
    case delivered
}
