import Foundation

/// Values `Resource.request(_:json:)` accepts as a JSON body: dictionaries and arrays (of
/// strings, numbers, booleans, `NSNull`, and nested dictionaries and arrays).
///
/// The check that the contents are valid JSON happens when the request is made: invalid
/// contents fail the request at once, without touching the network.
public protocol JSONConvertible {}

extension Dictionary: JSONConvertible {}
extension Array: JSONConvertible {}
extension NSDictionary: JSONConvertible {}
extension NSArray: JSONConvertible {}
