import Foundation

/// The one `NSNull` used for missing values.
enum NSNullValue {
    /// A shared `NSNull`.
    static let shared = NSNull()
}
